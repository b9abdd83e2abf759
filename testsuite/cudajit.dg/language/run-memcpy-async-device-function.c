/* cuda_memcpy_async in a device function defined after the kernel that
   commits and waits for its copies: the kernel's CUDA C names only the
   pipeline's functions, and comes first in the module, yet must have
   all that the copy needs (the prelude's part of the traps, which the
   copy's part calls: NVRTC could not compile the module).  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64
};

static void stage (float *shared, const float *x);

__attribute__ ((cuda_jit)) void
reversed_pairs (const float *x, float *out)
{
  static __attribute__ ((cuda_shared, aligned (16))) float tile[2 * THREADS];
  int t = threadIdx.x;
  stage (tile, x);
  cuda_pipeline_commit ();
  cuda_pipeline_wait (0);
  cuda_syncthreads ();
  out[t] = tile[2 * (THREADS - 1 - t)] + tile[2 * (THREADS - 1 - t) + 1];
}

/* Each thread copies its pair of floats, 8 bytes.  */
static void
stage (float *shared, const float *x)
{
  int t = threadIdx.x;
  cuda_memcpy_async (&shared[2 * t], &x[2 * t], 8);
}

int
main (void)
{
  static float x[2 * THREADS], out[THREADS];
  for (int i = 0; i < 2 * THREADS; i++)
    x[i] = (float) (i % 11) - 5.0f;
  float *d_x = cuda_to_device (x, sizeof x);
  float *d_out = cuda_device_array (sizeof out);
  cuda_launch (reversed_pairs, 1, THREADS) (d_x, d_out);
  cuda_copy_to_host (out, d_out, sizeof out);
  int bad = 0;
  for (int t = 0; t < THREADS; t++)
    bad += out[t]
           != x[2 * (THREADS - 1 - t)] + x[2 * (THREADS - 1 - t) + 1];
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-cudajit-levels all } */
