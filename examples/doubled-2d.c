/* SPDX-License-Identifier: MIT */
/* Seed 004: doubling a 3 x 3 array with a 3 x 3 block, the indices first
   from threadIdx and then from cuda_grid_x and cuda_grid_y; the host array
   is copied both ways by itself.  Then with a read-only input sent by
   hand and only the output copied back.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
doubled (float arr[3][3])
{
  arr[threadIdx.x][threadIdx.y] *= 2;
}

__attribute__ ((cuda_jit)) void
doubled_auto_grid (float arr[3][3])
{
  long x_idx = cuda_grid_x (), y_idx = cuda_grid_y ();
  arr[x_idx][y_idx] *= 2;
}

__attribute__ ((cuda_jit)) void
doubled_man_copy (const float *arr, float *out)
{
  long x_idx = cuda_grid_x (), y_idx = cuda_grid_y ();
  out[x_idx * 3 + y_idx] = arr[x_idx * 3 + y_idx] * 2;
}

int
main (void)
{
  float arr[3][3], original[3][3], out[3][3];
  srand (4);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      original[i][j] = arr[i][j] = (float) rand () / RAND_MAX - 0.5f;

  cuda_launch (doubled, 1, cuda_dim3 (3, 3)) (arr);
  cuda_launch (doubled_auto_grid, 1, cuda_dim3 (3, 3)) (arr);

  float *arr_gpu = cuda_to_device (original, sizeof original);
  float *out_gpu = cuda_device_array (sizeof out);
  cuda_launch (doubled_man_copy, 1, cuda_dim3 (3, 3)) (arr_gpu, out_gpu);
  cuda_copy_to_host (out, out_gpu, sizeof out);
  cuda_free (arr_gpu);
  cuda_free (out_gpu);

  int mismatches = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      mismatches += (arr[i][j] != original[i][j] * 4
                     || out[i][j] != original[i][j] * 2);
  printf ("doubled-2d: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
