/* Write-combined mapped memory, Numba's mapped_array (..., wc=True): the
   host writes it, a kernel reads it across the bus, and cuda_free_mapped
   frees it as any mapped memory, which cuda_free refuses.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 4096
};

__attribute__ ((cuda_jit)) void
squares (const float *in, float *out)
{
  long i = cuda_grid_x ();
  if (i < N)
    out[i] = in[i] * in[i];
}

int
main (void)
{
  float *in = cuda_mapped_array_wc (N * sizeof (float));
  float *out = cuda_device_array (N * sizeof (float));
  static float got[N];
  long wrong = 0;

  for (long i = 0; i < N; i++)
    in[i] = i % 100 - 50;
  cuda_launch (squares, N / 128, 128) (in, out);
  cuda_copy_to_host (got, out, sizeof got);
  for (long i = 0; i < N; i++)
    wrong += got[i] != (float) (i % 100 - 50) * (i % 100 - 50);
  cuda_free (in);
  printf ("cuda_free: %s\n", cuda_last_error () ? "refused" : "took it");
  cuda_free_mapped (in);
  printf ("cuda_free_mapped: %s\n", cuda_last_error () ? "refused" : "ok");
  cuda_free (out);
  printf ("%ld wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "cuda_free: refused\n" } */
/* { dg-output "cuda_free_mapped: ok\n" } */
/* { dg-output "0 wrong\n" } */
/* { dg-cudajit-levels all } */
