/* Copies of a warp reduction's value that the kernel sets anew: CUB's
   block reduction sets its value again from the second stage
   (v = warp_sum (partial)), which reads only the new value, so the
   first stage computes lane 0's result alone; a copy set again from
   a shuffle of itself (t = cuda_shfl_sync (FULL, t, lane + 1)) reads
   another lane's value, which then needs the reduction's value.  In blocks of 32, 256, 16 x 8 and 48 threads
   (the last, a partial warp, on the CPU backend only), every thread's
   results compared with plain C that runs each warp's lanes in
   lockstep.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu
#define UNSET 0xdeadbeefu

enum
{
  WARP = 32,
  BLOCKS = 3,
  MOST_THREADS = 256,
  N = BLOCKS * MOST_THREADS
};

enum
{
  FIRST_STAGE,
  SECOND_STAGE,
  FROM_ITSELF,
  BEFORE_NEW,
  NEW_VALUE,
  RESULTS
};

static unsigned
warp_sum (unsigned v)
{
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  return v;
}

__attribute__ ((cuda_jit)) void
copies (const unsigned x[N], unsigned out[N][RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned i = blockIdx.x * threads + threadIdx.x + blockDim.x * threadIdx.y;
  unsigned lane = threadIdx.x % WARP;
  unsigned v = warp_sum (x[i]);
  if (lane == 0)
    out[i][FIRST_STAGE] = v;
  v = warp_sum (x[i] * 5);
  if (lane == 0)
    out[i][SECOND_STAGE] = v;
  unsigned t = warp_sum (x[i] ^ 3);
  t = cuda_shfl_sync (FULL, t, lane + 1);
  if (lane == 0)
    out[i][FROM_ITSELF] = t;
  unsigned u = warp_sum (x[i] + 11);
  if (lane == 0)
    out[i][BEFORE_NEW] = u;
  u = x[i] ^ 9;
  out[i][NEW_VALUE] = u;
}

static unsigned x[N], out[N][RESULTS];

/* What lane L of a warp of LANES lanes at V gets from a reduction by
   shuffles down, a missing lane's value its own.  */
static unsigned
sum_down (const unsigned *v, int lanes, int l)
{
  unsigned was[WARP], now[WARP];
  memcpy (was, v, lanes * sizeof *v);
  for (int d = 16; d > 0; d /= 2)
    {
      for (int k = 0; k < lanes; k++)
        now[k] = was[k] + (k + d < lanes ? was[k + d] : was[k]);
      memcpy (was, now, lanes * sizeof *was);
    }
  return was[l];
}

/* The wrong results of BLOCK's launch.  */
static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y, wrong = 0;
  for (int i = 0; i < N; i++)
    for (int r = 0; r < RESULTS; r++)
      out[i][r] = UNSET;
  cuda_launch (copies, BLOCKS, block) (x, out);
  cuda_synchronize ();
  for (int i = 0; i < BLOCKS * threads; i++)
    {
      int t = i % threads, first = t / WARP * WARP, l = t - first;
      int lanes = threads - first < WARP ? threads - first : WARP;
      unsigned in[RESULTS][WARP];
      for (int m = 0; m < lanes; m++)
        {
          unsigned xm = x[i - l + m];
          in[FIRST_STAGE][m] = xm;
          in[SECOND_STAGE][m] = xm * 5;
          in[FROM_ITSELF][m] = xm ^ 3;
          in[BEFORE_NEW][m] = xm + 11;
        }
      /* Lane 0 by threadIdx.x % 32, which is the lane in these
         blocks.  */
      int lane_zero = t % block.x % WARP == 0;
      unsigned want[RESULTS];
      want[FIRST_STAGE] = lane_zero ? sum_down (in[FIRST_STAGE], lanes, l)
                                    : UNSET;
      want[SECOND_STAGE] = lane_zero ? sum_down (in[SECOND_STAGE], lanes, l)
                                     : UNSET;
      /* From lane 1, as threadIdx.x % 32 is 0 there.  */
      want[FROM_ITSELF] = lane_zero ? sum_down (in[FROM_ITSELF], lanes, 1)
                                    : UNSET;
      want[BEFORE_NEW] = lane_zero ? sum_down (in[BEFORE_NEW], lanes, l)
                                   : UNSET;
      want[NEW_VALUE] = x[i] ^ 9;
      for (int r = 0; r < RESULTS; r++)
        if (out[i][r] != want[r] && wrong++ < 10)
          printf ("block (%u, %u): thread %d result %d: %u, not %u\n",
                  block.x, block.y, i, r, out[i][r], want[r]);
    }
  return wrong;
}

int
main (void)
{
  cuda_dim3 blocks[] = { cuda_dim3 (32), cuda_dim3 (256), cuda_dim3 (16, 8),
                         cuda_dim3 (48) };
  int wrong = 0;
  for (int i = 0; i < N; i++)
    x[i] = i * 2654435761u ^ i >> 3;
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last block's); the CPU backend takes
     those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 4;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("copies of warp reductions: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "copies of warp reductions: 0 wrong" } */
/* { dg-cudajit-levels all } */
