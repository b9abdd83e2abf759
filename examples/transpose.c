/* SPDX-License-Identifier: MIT */
/* Seed 002's matrix transpose, naive and with a tile in shared memory,
   which reads and writes device memory in whole rows: the tiled kernel
   should be the faster on a GPU.  Both are checked against plain C.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__attribute__ ((cuda_jit)) void
transpose (int size, const int a_in[size][size], int a_out[size][size])
{
  long x = blockIdx.x * TILE_DIM + threadIdx.x;
  long y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    a_out[x][y + j] = a_in[y + j][x];
}

/* It assumes blocks of TILE_DIM x BLOCK_ROWS threads and a size that is a
   multiple of TILE_DIM.  The tile's rows are one longer, so that a column
   of it is spread over all the banks of shared memory.  */
__attribute__ ((cuda_jit)) void
tile_transpose (int size, const int a_in[size][size], int a_out[size][size])
{
  static __attribute__ ((cuda_shared)) int tile[TILE_DIM][TILE_DIM + 1];
  long x = blockIdx.x * TILE_DIM + threadIdx.x;
  long y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = a_in[y + j][x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    a_out[y + j][x] = tile[threadIdx.x][threadIdx.y + j];
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The average time of REPEATS launches of KERNEL, in milliseconds, and
   whether its result is the transpose.  */
#define TIME_TRANSPOSE(kernel, ms, mismatches)                                \
  do                                                                          \
    {                                                                         \
      cuda_launch (kernel, grid, block) (size, a_in, a_out);                  \
      cuda_synchronize ();                                                    \
      double start = now_ms ();                                               \
      for (int r = 0; r < repeats; r++)                                       \
        cuda_launch (kernel, grid, block) (size, a_in, a_out);                \
      cuda_synchronize ();                                                    \
      ms = (now_ms () - start) / repeats;                                     \
      cuda_copy_to_host (out, a_out, bytes);                                  \
      mismatches = 0;                                                         \
      for (long i = 0; i < (long) size * size; i++)                           \
        mismatches += out[i] != in[i % size * size + i / size];               \
    }                                                                         \
  while (0)

int
main (int argc, char **argv)
{
  int size = argc > 1 ? atoi (argv[1]) : 1024;
  /* On the CPU backend the tiled kernel's barrier is slow: time it once.  */
  int repeats = argc > 2 ? atoi (argv[2]) : cuda_is_available () ? 20 : 1;
  size_t bytes = (size_t) size * size * sizeof (int);
  int *in = malloc (bytes), *out = malloc (bytes);
  if (!in || !out || size % TILE_DIM)
    return 1;
  for (long i = 0; i < (long) size * size; i++)
    in[i] = i;
  int (*a_in)[size] = cuda_to_device (in, bytes);
  int (*a_out)[size] = cuda_device_array (bytes);
  cuda_dim3 grid = cuda_dim3 (size / TILE_DIM, size / TILE_DIM);
  cuda_dim3 block = cuda_dim3 (TILE_DIM, BLOCK_ROWS);

  double naive_ms, tiled_ms;
  long naive_mismatches, tiled_mismatches;
  TIME_TRANSPOSE (transpose, naive_ms, naive_mismatches);
  TIME_TRANSPOSE (tile_transpose, tiled_ms, tiled_mismatches);
  printf ("%d x %d ints\n", size, size);
  printf ("naive transpose:  %8.3f ms\n", naive_ms);
  printf ("tiled transpose:  %8.3f ms (%.2f times the naive speed)\n",
          tiled_ms, naive_ms / tiled_ms);
  long mismatches = naive_mismatches + tiled_mismatches;
  printf ("transpose: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  cuda_free (a_in);
  cuda_free (a_out);
  free (in);
  free (out);
  return mismatches != 0;
}
