/* cuda_memset and cuda_copy_device, and their _async forms on a stream:
   fills and copies between device arrays, of whole arrays and of parts,
   overlapping ones included, checked on the host; a kernel reads what
   they leave.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  N = 1000
};

__attribute__ ((cuda_jit)) void
add_one (long n, int *x)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] += 1;
}

int
main (void)
{
  int *a = cuda_device_array (N * sizeof (int));
  int *b = cuda_device_array (N * sizeof (int));
  static int host[N], want[N];
  int errors = 0;

  /* Every byte 1: each int 0x01010101.  */
  cuda_memset (a, 1, N * sizeof (int));
  cuda_copy_device (b, a, N * sizeof (int));
  cuda_memset (b + 10, 0, 5 * sizeof (int));
  cuda_launch (add_one, (N + 255) / 256, 256) (N, b);
  cuda_copy_to_host (host, b, sizeof host);
  for (int i = 0; i < N; i++)
    want[i] = (i >= 10 && i < 15 ? 0 : 0x01010101) + 1;
  errors += memcmp (host, want, sizeof host) != 0;

  /* On a stream: a copy of the first half over the second, and a fill
     of the last ten, in order.  */
  cuda_stream_t stream = cuda_stream ();
  cuda_copy_device_async (b + N / 2, b, N / 2 * sizeof (int), stream);
  cuda_memset_async (b + N - 10, 0xff, 10 * sizeof (int), stream);
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (host, b, sizeof host);
  for (int i = 0; i < N / 2; i++)
    want[N / 2 + i] = want[i];
  for (int i = N - 10; i < N; i++)
    want[i] = -1;
  errors += memcmp (host, want, sizeof host) != 0;

  /* Nothing to copy or fill.  */
  cuda_copy_device (a, b, 0);
  cuda_memset (a, 0, 0);

  cuda_stream_destroy (stream);
  cuda_free (a);
  cuda_free (b);
  printf ("copy-device: %s\n", errors ? "FAIL" : "ok");
  return errors != 0;
}

/* { dg-output "copy-device: ok" } */
/* { dg-cudajit-levels all } */
