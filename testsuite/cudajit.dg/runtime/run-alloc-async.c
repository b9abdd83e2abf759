/* cuda_device_array_async and cuda_free_async, CUDA's cudaMallocAsync
   and cudaFreeAsync: many short-lived arrays on a stream, each filled,
   used by a kernel and freed in the stream's order, checked against plain
   C; freeing with the other kind's call, and sharing pool memory between
   processes, are errors on both backends.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  n = 4099,
  rounds = 50
};

__attribute__ ((cuda_jit)) void
scale_add (long count, const int *x, int *y, int a)
{
  long i = cuda_grid_x ();
  if (i < count)
    y[i] += a * x[i];
}

int
main (void)
{
  static int x[n], y[n], expected[n];
  for (int i = 0; i < n; i++)
    x[i] = i % 113 - 56;
  cuda_stream_t stream = cuda_stream ();
  int *d_y = cuda_device_array_async (sizeof y, stream);
  cuda_memset_async (d_y, 0, sizeof y, stream);
  for (int r = 0; r < rounds; r++)
    {
      int *d_x = cuda_device_array_async (sizeof x, stream);
      cuda_copy_to_device_async (d_x, x, sizeof x, stream);
      cuda_forall (scale_add, n, .stream = stream) (n, d_x, d_y, r);
      cuda_free_async (d_x, stream);
      for (int i = 0; i < n; i++)
        expected[i] += r * x[i];
    }
  cuda_copy_to_host_async (y, d_y, sizeof y, stream);
  cuda_stream_synchronize (stream);
  int errors = memcmp (y, expected, sizeof y) != 0;

  cuda_free (d_y);
  const char *message = cuda_last_error ();
  printf ("%s\n", message ? message : "cuda_free took pool memory");
  cuda_ipc_handle (d_y);
  message = cuda_last_error ();
  printf ("%s\n", message ? message : "pool memory shared");
  cuda_free_async (d_y, stream);
  errors += cuda_last_error () != NULL;

  int *d = cuda_device_array (sizeof (int));
  cuda_free_async (d, stream);
  message = cuda_last_error ();
  printf ("%s\n", message ? message : "cuda_free_async took device memory");
  cuda_free (d);
  cuda_stream_destroy (stream);
  errors += cuda_last_error () != NULL;
  printf ("alloc async: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "cuda_free: .* device memory from cuda_device_array_async.*\n" } */
/* { dg-output "cuda_ipc_handle: .* is not in device memory from cuda_device_array or cuda_to_device.*\n" } */
/* { dg-output "cuda_free_async: .*device memory from cuda_device_array or cuda_to_device.*\n" } */
/* { dg-output "alloc async: 0 errors" } */
/* { dg-cudajit-levels all } */
