/* numba.cuda.mapped_array, managed_array and device_array_like: kernels
   take mapped and managed memory as device memory, even for parameters
   that declare no extent, and write it where the host reads it after
   cuda_synchronize; the host writes it where kernels read it; copies
   reach it too.  The typed helpers allocate COUNT elements of the type,
   without qualifiers for cuda_device_array_like.  Checked against plain
   C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 3000
};

/* OUT[i] = IN[i] * 3 + i, for pointers without extents.  */
__attribute__ ((cuda_jit)) void
triple_plus_index (long *out, const long *in, int n)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = in[i] * 3 + i;
}

/* Each element of DATA incremented, in place.  */
__attribute__ ((cuda_jit)) void
increment (double *data, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] += 1;
}

static long
expected (long in, long i)
{
  return in * 3 + i;
}

int
main (void)
{
  long *mapped = cuda_mapped_array_of (long, N);
  long *managed = cuda_managed_array_of (long, N);
  long *pinned = cuda_pinned_array_of (long, N);
  double *host_doubles = cuda_mapped_array (N * sizeof (double));
  const long *source = mapped;
  long *dev = cuda_device_array_like (source, N);
  long back[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      mapped[i] = i - 7;
      host_doubles[i] = i * 0.5;
    }
  /* Mapped memory in, managed memory out.  */
  cuda_launch (triple_plus_index, 8, 128) (managed, mapped, N);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    errors += managed[i] != expected (i - 7, i);
  /* Managed memory in, mapped memory out, on a stream.  */
  cuda_stream_t stream = cuda_stream ();
  cuda_launch (triple_plus_index, 5, 64, .stream = stream) (mapped, managed,
                                                            N);
  cuda_stream_synchronize (stream);
  cuda_stream_destroy (stream);
  for (int i = 0; i < N; i++)
    errors += mapped[i] != expected (expected (i - 7, i), i);
  /* Copies to and from them, and a typed device array.  */
  cuda_copy_to_device (dev, mapped, N * sizeof *dev);
  cuda_launch (triple_plus_index, 4, 256) (managed, dev, N);
  cuda_synchronize ();
  cuda_copy_to_host (back, managed, sizeof back);
  for (int i = 0; i < N; i++)
    errors += back[i] != expected (mapped[i], i);
  cuda_copy_to_host (pinned, managed, N * sizeof *pinned);
  for (int i = 0; i < N; i++)
    errors += pinned[i] != back[i];
  /* In place, twice.  */
  for (int r = 0; r < 2; r++)
    cuda_launch (increment, (N + 255) / 256, 256) (host_doubles, N);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    errors += host_doubles[i] != i * 0.5 + 2;

  /* The helpers' types are what they were asked for.  */
  errors += sizeof *dev != sizeof (long) || sizeof *mapped != sizeof (long);
  errors += cuda_device_array_of (char, 0) != NULL;

  cuda_free_mapped (mapped);
  cuda_free_mapped (host_doubles);
  cuda_free_managed (managed);
  cuda_free_pinned (pinned);
  cuda_free (dev);
  printf ("memory kinds: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "memory kinds: 0 errors" } */
/* { dg-cudajit-levels all } */
