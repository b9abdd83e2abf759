/* Shared memory and cuda_syncthreads: a tiled transpose through a static
   shared array, and a tree reduction in the dynamic shared memory of
   .shared_bytes; on the CPU backend the barrier really holds all threads
   of a block and each block has its own shared memory.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define TILE 16

__attribute__ ((cuda_jit)) void
tile_transpose (int size, const int in[size][size], int out[size][size])
{
  static __attribute__ ((cuda_shared)) int tile[TILE][TILE + 1];
  long x = cuda_grid_x (), y = cuda_grid_y ();
  tile[threadIdx.y][threadIdx.x] = in[y][x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y][x] = tile[threadIdx.x][threadIdx.y];
}

__attribute__ ((cuda_jit)) void
block_sums (long n, const long in[n], long blocks, long out[blocks])
{
  extern __attribute__ ((cuda_shared)) long partial[];
  long i = cuda_grid_x ();
  partial[threadIdx.x] = i < n ? in[i] : 0;
  cuda_syncthreads ();
  for (unsigned int s = blockDim.x / 2; s > 0; s /= 2)
    {
      if (threadIdx.x < s)
        partial[threadIdx.x] += partial[threadIdx.x + s];
      cuda_syncthreads ();
    }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

int
main (void)
{
  enum { size = 64, n = 10000, threads = 128 };
  enum { blocks = (n + threads - 1) / threads };
  static int in[size][size], out[size][size];
  static long values[n], sums[blocks];
  int errors = 0;

  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++)
      in[i][j] = i * size + j;
  cuda_launch (tile_transpose, cuda_dim3 (size / TILE, size / TILE),
               cuda_dim3 (TILE, TILE)) (size, in, out);
  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++)
      errors += out[i][j] != in[j][i];

  for (long i = 0; i < n; i++)
    values[i] = i * i % 1000;
  cuda_launch (block_sums, blocks, threads,
               .shared_bytes = threads * sizeof (long)) (n, values, blocks,
                                                        sums);
  for (long b = 0; b < blocks; b++)
    {
      long expected = 0;
      for (long i = b * threads; i < n && i < (b + 1) * threads; i++)
        expected += values[i];
      errors += sums[b] != expected;
    }
  printf ("shared memory: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared memory: 0 errors" } */
/* { dg-cudajit-levels all } */
