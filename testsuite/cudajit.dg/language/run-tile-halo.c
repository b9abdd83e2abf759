/* A step of the heat equation through a shared tile with a halo of one
   cell, whose threads at the block's edges load the halo in guarded
   statements that the CPU backend runs each in a loop of its own: as a
   careful programmer writes it, as a tutorial does (else-if chains on
   the thread, nested tests, blockDim.x - 1), on a grid that the blocks
   do not divide.  Then guarded statements that must stay in one loop: a
   variable of the thread carried from one to the next, and an else
   whose condition reads memory that its branch writes.  Each against
   the same computed in plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  B = 8,
  SIZE = 3 * B + 5,
  GRID = (SIZE + B - 1) / B,
  THREADS = 32,
  BLOCKS = 3,
  N = THREADS * BLOCKS
};

/* Exact on integers, in any order, fused or not, as on a GPU.  */
#define STEP(c, w, e, n, s) (0.125f * ((c) + (w) + (e) + (n) + (s)))

__attribute__ ((cuda_jit)) void
careful (int size, const float in[size][size], float out[size][size])
{
  static __attribute__ ((cuda_shared)) float tile[B + 2][B + 2];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  if (x < size && y < size)
    tile[ty][tx] = in[y][x];
  if (threadIdx.x == 0 && x > 0 && y < size)
    tile[ty][0] = in[y][x - 1];
  if (threadIdx.x == B - 1 && x < size - 1 && y < size)
    tile[ty][B + 1] = in[y][x + 1];
  if (threadIdx.y == 0 && y > 0 && x < size)
    tile[0][tx] = in[y - 1][x];
  if (threadIdx.y == B - 1 && y < size - 1 && x < size)
    tile[B + 1][tx] = in[y + 1][x];
  cuda_syncthreads ();
  if (x > 0 && y > 0 && x < size - 1 && y < size - 1)
    out[y][x] = STEP (tile[ty][tx], tile[ty][tx - 1], tile[ty][tx + 1],
                      tile[ty - 1][tx], tile[ty + 1][tx]);
}

__attribute__ ((cuda_jit)) void
tutorial (int size, const float in[size][size], float out[size][size])
{
  static __attribute__ ((cuda_shared)) float tile[B + 2][B + 2];
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < size && row < size)
    {
      tile[threadIdx.y + 1][threadIdx.x + 1] = in[row][col];
      if (threadIdx.x == 0)
        {
          if (col > 0)
            tile[threadIdx.y + 1][0] = in[row][col - 1];
        }
      else if (threadIdx.x == blockDim.x - 1)
        {
          if (col < size - 1)
            tile[threadIdx.y + 1][threadIdx.x + 2] = in[row][col + 1];
        }
      if (threadIdx.y == 0)
        {
          if (row > 0)
            tile[0][threadIdx.x + 1] = in[row - 1][col];
        }
      else if (threadIdx.y == blockDim.y - 1)
        {
          if (row < size - 1)
            tile[threadIdx.y + 2][threadIdx.x + 1] = in[row + 1][col];
        }
    }
  cuda_syncthreads ();
  if (col > 0 && col < size - 1)
    if (row > 0 && row < size - 1)
      out[row][col] = STEP (tile[threadIdx.y + 1][threadIdx.x + 1],
                            tile[threadIdx.y + 1][threadIdx.x],
                            tile[threadIdx.y + 1][threadIdx.x + 2],
                            tile[threadIdx.y][threadIdx.x + 1],
                            tile[threadIdx.y + 2][threadIdx.x + 1]);
}

/* V carries each thread's value through the guards.  */
__attribute__ ((cuda_jit)) void
carried (const int in[N], int out[N])
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (threadIdx.x == 0)
    v += 100;
  if (threadIdx.x == blockDim.x - 1)
    v -= 1000;
  out[i] = v;
}

/* The condition of the if-else reads what its first branch writes.  */
__attribute__ ((cuda_jit)) void
rewritten (int a[N])
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 2)
    a[i] = 0;
  else if (threadIdx.x == 3)
    a[i] = 7;
  if (threadIdx.x == 5)
    a[i] += 50;
}

static int errors;

static void
check_grid (const char *what, float (*out)[SIZE], float (*expected)[SIZE])
{
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      if (out[y][x] != expected[y][x])
        {
          printf ("%s: cell (%d, %d) is %g, not %g\n", what, x, y, out[y][x],
                  expected[y][x]);
          errors++;
          return;
        }
}

static void
check_ints (const char *what, const int *out, const int *expected)
{
  for (int i = 0; i < N; i++)
    if (out[i] != expected[i])
      {
        printf ("%s: element %d is %d, not %d\n", what, i, out[i],
                expected[i]);
        errors++;
        return;
      }
}

int
main (void)
{
  static float in[SIZE][SIZE], out[SIZE][SIZE], expected[SIZE][SIZE];
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      in[y][x] = (float) ((x * 7 + y * 13) % 17);
  /* The edges stay as they were.  */
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      expected[y][x]
          = x > 0 && y > 0 && x < SIZE - 1 && y < SIZE - 1
                ? STEP (in[y][x], in[y][x - 1], in[y][x + 1], in[y - 1][x],
                        in[y + 1][x])
                : -1;

  cuda_dim3 grid = cuda_dim3 (GRID, GRID), block = cuda_dim3 (B, B);
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      out[y][x] = -1;
  cuda_launch (careful, grid, block) (SIZE, in, out);
  check_grid ("careful", out, expected);

  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      out[y][x] = -1;
  cuda_launch (tutorial, grid, block) (SIZE, in, out);
  check_grid ("tutorial", out, expected);

  static int ints[N], result[N], expected_ints[N];
  for (int i = 0; i < N; i++)
    ints[i] = i % 5;
  cuda_launch (carried, BLOCKS, THREADS) (ints, result);
  for (int i = 0; i < N; i++)
    expected_ints[i] = ints[i] + (i % THREADS == 0 ? 100 : 0)
                       - (i % THREADS == THREADS - 1 ? 1000 : 0);
  check_ints ("carried", result, expected_ints);

  memcpy (result, ints, sizeof ints);
  cuda_launch (rewritten, BLOCKS, THREADS) (result);
  for (int i = 0; i < N; i++)
    {
      int a = ints[i];
      if (a > 2)
        a = 0;
      else if (i % THREADS == 3)
        a = 7;
      if (i % THREADS == 5)
        a += 50;
      expected_ints[i] = a;
    }
  check_ints ("rewritten", result, expected_ints);

  printf ("tile halo: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "tile halo: 0 errors" } */
/* { dg-cudajit-levels all } */
