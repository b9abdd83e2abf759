/* Guards of 2-D kernels that test a warp's lane (threadIdx.x % C == 0),
   which the CPU backend's loop over x steps by, together with the
   bounds that the common indices (int x = blockIdx.x * blockDim.x +
   threadIdx.x) give the loops over x and y: in one guard, in a guard
   beside an unguarded statement, each in a loop of its own, alone
   beside one, and with a test of threadIdx.y that stays.  On grids that the blocks do not
   divide, in blocks of 16 x 4, 12 x 3 and 40 x 1.  Each result is
   compared with plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  WIDTH = 45,
  HEIGHT = 14,
  CELLS = WIDTH * HEIGHT,
  MAX_THREADS = 2048
};

__attribute__ ((cuda_jit)) void
lanes (int w, int h, int lo, int *out)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (threadIdx.x % 4 == 0 && x >= lo && x < w && y < h)
    out[y * w + x] = x + 1000 * y + 1;
}

__attribute__ ((cuda_jit)) void
beside (int w, int h, int *all, int *some)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    all[y * w + x] = x - y;
  if ((threadIdx.x & 7) == 0 && y > 0 && x < w && y < h)
    some[y * w + x] = x + y;
}

__attribute__ ((cuda_jit)) void
rows (int w, int h, int *out)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (threadIdx.x % 2 == 0 && threadIdx.y % 2 == 1 && x < w && y < h)
    out[y * w + x] = 7 * x + y;
}

__attribute__ ((cuda_jit)) void
lane_only (int *all, int *firsts)
{
  int t = (blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y)
          + threadIdx.y * blockDim.x + threadIdx.x;
  all[t] = t;
  if (threadIdx.x % 8 == 0)
    firsts[t] = all[t] + 1;
}

static int
check (cuda_dim3 block, int lo, int *a, int *b, int *c)
{
  cuda_dim3 grid = cuda_dim3 ((WIDTH + block.x - 1) / block.x,
                              (HEIGHT + block.y - 1) / block.y);
  int wrong = 0;

  memset (a, 0, CELLS * sizeof *a);
  memset (b, 0, CELLS * sizeof *b);
  memset (c, 0, CELLS * sizeof *c);
  cuda_launch (lanes, grid, block) (WIDTH, HEIGHT, lo, a);
  cuda_synchronize ();
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        int tx = x % block.x;
        int want = tx % 4 == 0 && x >= lo ? x + 1000 * y + 1 : 0;
        if (a[y * WIDTH + x] != want && wrong++ < 10)
          printf ("lanes, block %u x %u, lo %d: (%d, %d) %d, not %d\n",
                  block.x, block.y, lo, x, y, a[y * WIDTH + x], want);
      }

  memset (a, 0, CELLS * sizeof *a);
  cuda_launch (beside, grid, block) (WIDTH, HEIGHT, a, b);
  cuda_launch (rows, grid, block) (WIDTH, HEIGHT, c);
  cuda_synchronize ();
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        int tx = x % block.x, ty = y % block.y, k = y * WIDTH + x;
        int want_b = tx % 8 == 0 && y > 0 ? x + y : 0;
        int want_c = tx % 2 == 0 && ty % 2 == 1 ? 7 * x + y : 0;
        if ((a[k] != x - y || b[k] != want_b || c[k] != want_c)
            && wrong++ < 10)
          printf ("block %u x %u: (%d, %d) %d %d %d, not %d %d %d\n",
                  block.x, block.y, x, y, a[k], b[k], c[k], x - y, want_b,
                  want_c);
      }

  int threads = grid.x * grid.y * block.x * block.y;
  memset (a, 0, MAX_THREADS * sizeof *a);
  memset (b, 0, MAX_THREADS * sizeof *b);
  cuda_launch (lane_only, grid, block) (a, b);
  cuda_synchronize ();
  for (int t = 0; t < threads; t++)
    {
      int want = t % block.x % 8 == 0 ? t + 1 : 0;
      if ((a[t] != t || b[t] != want) && wrong++ < 10)
        printf ("lane_only, block %u x %u: thread %d %d %d, not %d %d\n",
                block.x, block.y, t, a[t], b[t], t, want);
    }
  return wrong;
}

int
main (void)
{
  const cuda_dim3 blocks[]
      = { cuda_dim3 (16, 4), cuda_dim3 (12, 3), cuda_dim3 (40, 1) };
  static const int los[] = { 0, 3, 17, 50 };
  int *a = cuda_managed_array (MAX_THREADS * sizeof *a);
  int *b = cuda_managed_array (MAX_THREADS * sizeof *b);
  int *c = cuda_managed_array (CELLS * sizeof *c);
  int wrong = 0;

  for (size_t k = 0; k < sizeof blocks / sizeof *blocks; k++)
    for (size_t l = 0; l < sizeof los / sizeof *los; l++)
      wrong += check (blocks[k], los[l], a, b, c);
  printf ("strided 2-D guards: %d wrong\n", wrong);
  cuda_free_managed (a);
  cuda_free_managed (b);
  cuda_free_managed (c);
  return wrong != 0;
}

/* { dg-output "strided 2-D guards: 0 wrong" } */
/* { dg-cudajit-levels all } */
