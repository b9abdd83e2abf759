/* SPDX-License-Identifier: MIT */
/* Gaussian elimination's kernels, Rodinia's Fan1 and Fan2: for pivot T of
   the SIZE x SIZE system A x = B, gaussian_multipliers computes the
   multiplier of each row below the pivot's, a thread a row, and
   gaussian_eliminate subtracts the pivot's row times the multipliers
   from the rows below it (and from B), a thread an element.  The host
   substitutes back.  */

#define GAUSSIAN_BLOCK 512
#define GAUSSIAN_BLOCK_XY 16

KERNEL
gaussian_multipliers (float *m, const float *a, int size, int t)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size - 1 - t)
    return;
  m[size * (i + t + 1) + t] = a[size * (i + t + 1) + t] / a[size * t + t];
}

KERNEL
gaussian_eliminate (const float *m, float *a, float *b, int size, int t)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= size - 1 - t || y >= size - t)
    return;
  float multiplier = m[size * (x + 1 + t) + t];
  a[size * (x + 1 + t) + (y + t)] -= multiplier * a[size * t + (y + t)];
  if (y == 0)
    b[x + 1 + t] -= multiplier * b[t];
}
