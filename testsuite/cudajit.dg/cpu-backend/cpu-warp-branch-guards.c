/* Branches of warp functions whose condition is a guard, made of the
   thread's indices and locals that the branch does not set: the CPU
   backend runs their statements under the condition, the loops over
   the threads bounded to the warps that take it, and lane 0's warp
   loops only in those warps.  Conditions on the warp's number,
   threadIdx.x / 32, by ==, <, <=, >, >= against a constant, on a
   variable and as written; one whose branch changes a variable that
   its condition reads, which stays a variable of the thread; and
   values set before the branch, which the threads that do not take it
   keep.  In blocks of 32, 256, 16 x 8 and 48 threads (the last, a
   partial warp, on the CPU backend only), every thread's results
   compared with plain C that runs each warp's lanes in lockstep.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 3,
  MOST_THREADS = 256,
  N = BLOCKS * MOST_THREADS
};

enum
{
  FIRST,
  SECOND,
  BELOW_TWO,
  UP_TO_ONE,
  PAST_ONE,
  FROM_TWO,
  CHANGED,
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
guards (const unsigned x[N], unsigned out[N][RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  unsigned i = blockIdx.x * threads + t;
  unsigned warp = threadIdx.x / WARP;
  unsigned v[RESULTS];
  for (int r = 0; r < RESULTS; r++)
    v[r] = x[i] + r;
  if (warp == 0)
    v[FIRST] = warp_sum (v[FIRST] * 3);
  if (threadIdx.x / 32 == 1)
    {
      unsigned doubled = v[SECOND] * 2;
      v[SECOND] = warp_sum (doubled) + 7;
    }
  if (warp < 2)
    v[BELOW_TWO] = warp_sum (v[BELOW_TWO]);
  if (warp <= 1)
    v[UP_TO_ONE] = warp_sum (v[UP_TO_ONE] ^ 5);
  if (threadIdx.x / 32 > 1)
    v[PAST_ONE] = warp_sum (v[PAST_ONE] + t);
  if (warp >= 2)
    v[FROM_TWO] = warp_sum (v[FROM_TWO]) - 1;
  unsigned odd = warp % 2;
  if (odd)
    {
      v[CHANGED] = warp_sum (v[CHANGED]);
      odd = 0;
    }
  v[CHANGED] += odd;
  for (int r = 0; r < RESULTS; r++)
    out[i][r] = v[r];
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
  memset (out, 0, sizeof out);
  cuda_launch (guards, BLOCKS, block) (x, out);
  cuda_synchronize ();
  for (int i = 0; i < BLOCKS * threads; i++)
    {
      int t = i % threads, first = t / WARP * WARP, l = t - first;
      int lanes = threads - first < WARP ? threads - first : WARP;
      /* Each lane's threadIdx.x / 32, the same for a warp's lanes in
         the blocks here, and the values it reduces.  */
      unsigned warp = t % block.x / WARP;
      unsigned in[RESULTS][WARP];
      for (int m = 0; m < lanes; m++)
        {
          unsigned xm = x[i - l + m];
          in[FIRST][m] = xm * 3;
          in[SECOND][m] = (xm + SECOND) * 2;
          in[BELOW_TWO][m] = xm + BELOW_TWO;
          in[UP_TO_ONE][m] = (xm + UP_TO_ONE) ^ 5;
          in[PAST_ONE][m] = xm + PAST_ONE + first + m;
          in[FROM_TWO][m] = xm + FROM_TWO;
          in[CHANGED][m] = xm + CHANGED;
        }
      unsigned want[RESULTS];
      for (int r = 0; r < RESULTS; r++)
        want[r] = x[i] + r;
      if (warp == 0)
        want[FIRST] = sum_down (in[FIRST], lanes, l);
      if (warp == 1)
        want[SECOND] = sum_down (in[SECOND], lanes, l) + 7;
      if (warp < 2)
        want[BELOW_TWO] = sum_down (in[BELOW_TWO], lanes, l);
      if (warp <= 1)
        want[UP_TO_ONE] = sum_down (in[UP_TO_ONE], lanes, l);
      if (warp > 1)
        want[PAST_ONE] = sum_down (in[PAST_ONE], lanes, l);
      if (warp >= 2)
        want[FROM_TWO] = sum_down (in[FROM_TWO], lanes, l) - 1;
      if (warp % 2)
        want[CHANGED] = sum_down (in[CHANGED], lanes, l);
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
  printf ("warp branches as guards: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "warp branches as guards: 0 wrong" } */
/* { dg-cudajit-levels all } */
