/* Guards of cuda_laneid () == 0, which the CPU backend's block function
   runs as a loop over x by steps of 32 from the first x whose thread is
   a lane 0, as it does those of threadIdx.x % 32 == 0: each thread that
   passes marks itself, compared with plain C, in blocks of one, two and
   three dimensions whose x is a multiple of 32 or not (48 x 2: the
   second row's lane 0 has x 16), alone, with a bound of the data's end
   and with a second test of x.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  WARP = 32,
  BLOCKS = 3,
  MAX_THREADS = 256
};

#define THREAD_NUMBER                                                         \
  (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
#define BLOCK_THREADS (blockDim.x * blockDim.y * blockDim.z)

__attribute__ ((cuda_jit)) void
lane_zero (int marks[BLOCKS * MAX_THREADS])
{
  int i = blockIdx.x * BLOCK_THREADS + THREAD_NUMBER;
  if (cuda_laneid () == 0)
    marks[i] = 1;
}

__attribute__ ((cuda_jit)) void
lane_zero_in_range (int n, int marks[BLOCKS * MAX_THREADS])
{
  int i = blockIdx.x * BLOCK_THREADS + THREAD_NUMBER;
  if (cuda_laneid () == 0 && i < n)
    marks[i] = 1;
}

__attribute__ ((cuda_jit)) void
lane_zero_even (int marks[BLOCKS * MAX_THREADS])
{
  int i = blockIdx.x * BLOCK_THREADS + THREAD_NUMBER;
  if (cuda_laneid () == 0 && threadIdx.x % 2 == 0)
    marks[i] = 1;
}

static int got[3][BLOCKS * MAX_THREADS], expected[3][BLOCKS * MAX_THREADS];

int
main (void)
{
  static const cuda_dim3 blocks[]
      = { { 32, 1, 1 }, { 256, 1, 1 }, { 48, 1, 1 }, { 16, 8, 1 },
          { 48, 2, 1 }, { 40, 3, 1 },  { 8, 4, 2 },  { 24, 5, 2 } };
  int bad = 0;
  for (unsigned int s = 0; s < sizeof blocks / sizeof *blocks; s++)
    {
      cuda_dim3 block = blocks[s];
      int threads = block.x * block.y * block.z;
      /* The last block partly past the end.  */
      int n = BLOCKS * threads - threads / 3;
      memset (got, 0, sizeof got);
      memset (expected, 0, sizeof expected);
      cuda_launch (lane_zero, BLOCKS, block) (got[0]);
      cuda_launch (lane_zero_in_range, BLOCKS, block) (n, got[1]);
      cuda_launch (lane_zero_even, BLOCKS, block) (got[2]);
      cuda_synchronize ();
      for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < threads; t++)
          {
            int i = b * threads + t;
            int x = t % block.x;
            expected[0][i] = t % WARP == 0;
            expected[1][i] = t % WARP == 0 && i < n;
            expected[2][i] = t % WARP == 0 && x % 2 == 0;
          }
      for (int k = 0; k < 3; k++)
        for (int i = 0; i < BLOCKS * threads; i++)
          if (got[k][i] != expected[k][i] && bad++ < 10)
            printf ("block %ux%ux%u, kernel %d: thread %d marked %d, "
                    "expected %d\n",
                    block.x, block.y, block.z, k, i, got[k][i],
                    expected[k][i]);
    }
  printf ("lane 0 guards: %d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "lane 0 guards: 0 wrong" } */
/* { dg-cudajit-levels all } */
