/* A file with kernels built with -fsanitize=address: the host side is
   checked, the kernels' device code carries no instrumentation, and the
   CPU backend's fibers, which ASan only warns about, still run.  */
/* { dg-do run } */
/* { dg-require-effective-target fsanitize_address } */
/* { dg-options "-O1 -fsanitize=address" } */
/* The CUDA driver maps memory where ASan would protect its shadow gap.  */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0:protect_shadow_gap=0" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
kernel (long n, const int in[n], int out[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[n - 1 - i] * 2;
}

__attribute__ ((cuda_jit)) void
reverse_blocks (int *out)
{
  static __attribute__ ((cuda_shared)) int tile[64];
  tile[threadIdx.x] = blockIdx.x * 64 + threadIdx.x;
  cuda_syncthreads ();
  out[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
}

int
main (void)
{
  enum
  {
    n = 1000
  };
  int *in = malloc (n * sizeof *in), *out = malloc (n * sizeof *out);
  for (int i = 0; i < n; i++)
    in[i] = i;
  cuda_launch (kernel, (n + 127) / 128, 128) (n, in, out);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += out[i] != (n - 1 - i) * 2;
  int *tiles = cuda_device_array (4 * 64 * sizeof *tiles);
  cuda_launch (reverse_blocks, 4, 64) (tiles);
  cuda_copy_to_host (out, tiles, 4 * 64 * sizeof *out);
  for (int i = 0; i < 4 * 64; i++)
    errors += out[i] != (i / 64 * 64) + 63 - i % 64;
  cuda_free (tiles);
  printf ("kernel: %d errors\n", errors);
  free (in);
  free (out);
  return errors != 0;
}

/* { dg-output "kernel: 0 errors" } */
/* { dg-prune-output "ASan doesn't fully support makecontext" } */
/* { dg-cudajit-levels all } */
