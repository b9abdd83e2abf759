/* Kernels whose threads run as fibers on the CPU backend, in a program
   built with -fsanitize=address: the switches between fibers tell
   AddressSanitizer of the change of stack, so that it finds no fault
   in their frames, fake stacks included.  */
/* { dg-do run } */
/* { dg-require-effective-target fsanitize_address } */
/* { dg-options "-O1 -g -fsanitize=address" } */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0:protect_shadow_gap=0:detect_stack_use_after_return=1" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
warp_sums (const float *x, float *sums)
{
  float v = x[cuda_grid_x ()];
  float local[16];
  for (int j = 0; j < 16; j++)
    local[j] = v * j;
  for (int offset = 16; offset > 0; offset /= 2)
    v += cuda_shfl_down_sync (0xffffffff, v, offset);
  cuda_syncthreads ();
  if (cuda_laneid () == 0)
    sums[cuda_grid_x () / 32] = v + local[15] - 15 * x[cuda_grid_x ()];
}

int
main (void)
{
  enum
  {
    N = 512
  };
  static float x[N], sums[N / 32];
  for (int i = 0; i < N; i++)
    x[i] = i % 32;
  float *dx = cuda_to_device (x, sizeof x);
  float *ds = cuda_device_array (sizeof sums);
  for (int launch = 0; launch < 3; launch++)
    cuda_launch (warp_sums, N / 128, 128) (dx, ds);
  cuda_copy_to_host (sums, ds, sizeof sums);
  int errors = 0;
  for (int w = 0; w < N / 32; w++)
    errors += sums[w] != 31 * 32 / 2;
  printf ("warp sums: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "warp sums: 0 errors" } */
