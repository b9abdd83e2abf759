/* Warp functions under a condition that the lanes of a warp share, which
   the CPU backend's block function runs in loops, not fibers: CUB's block
   reduction (a warp reduction in a device function, one partial a warp in
   shared memory, a barrier, then if (warp == 0) the partials reduced by
   the same function), with the warp from the thread's number / 32, and
   an else whose lanes shuffle up, the warp by >> 5; and a branch with a
   division by the warp's number, which warp 0 does not take.  Every thread's
   value kept, in blocks of 32, 256, 16 x 4, 48 and 20 threads (the last
   two, partial warps, on the CPU backend only), compared with plain C
   that computes what each lane of a warp gets.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 4,
  MAX_WARPS = 32
};

enum
{
  BLOCK_SUM,
  BRANCHES,
  DIVIDED,
  RESULTS
};

static unsigned
warp_sum (unsigned v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  return v;
}

__attribute__ ((cuda_jit)) void
block_sum (long n, const unsigned *x, unsigned *out)
{
  static __attribute__ ((cuda_shared)) unsigned partial[MAX_WARPS];
  int threads = blockDim.x * blockDim.y;
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  long i = blockIdx.x * (long) threads + t;
  int lane = t % WARP, warp = t / WARP;
  unsigned v = i < n ? x[i] : 0;
  v = warp_sum (v);
  if (lane == 0)
    partial[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      unsigned p = lane < (threads + WARP - 1) / WARP ? partial[lane] : 0;
      v = warp_sum (p);
    }
  out[i * RESULTS + BLOCK_SUM] = v;

  unsigned w = i < n ? x[i] % 1000 : 0;
  if (t >> 5 == 1)
    w = warp_sum (w + 1);
  else
    {
      unsigned up = cuda_shfl_up_sync (FULL, w, 1);
      if (cuda_laneid () >= 1)
        w += up;
    }
  out[i * RESULTS + BRANCHES] = w;

  /* A division that only the warps that take the branch may do.  */
  unsigned divisor = t >> 5, q = 0;
  if (divisor != 0)
    {
      unsigned r = 1000u / divisor + t;
      q = warp_sum (r);
    }
  out[i * RESULTS + DIVIDED] = q;
}

/* A warp of LANES lanes after a shuffle down by a delta that halves
   from 16, each added to the lane's own.  */
static void
reduce_down (unsigned *value, int lanes)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      unsigned next[WARP];
      for (int l = 0; l < lanes; l++)
        next[l] = value[l] + (l + d < lanes ? value[l + d] : value[l]);
      memcpy (value, next, sizeof next);
    }
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y;
  int warps = (threads + WARP - 1) / WARP;
  long n = (long) BLOCKS * threads - 5;
  unsigned *x = cuda_managed_array (BLOCKS * threads * sizeof *x);
  unsigned *out
      = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);
  for (long i = 0; i < BLOCKS * threads; i++)
    x[i] = (unsigned) ((i * 104729) % 65537);
  memset (out, 0, BLOCKS * threads * RESULTS * sizeof *out);
  cuda_launch (block_sum, BLOCKS, block) (n, x, out);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    {
      unsigned want[MAX_WARPS * WARP][RESULTS];
      unsigned partial[WARP] = { 0 };
      for (int warp = 0; warp < warps; warp++)
        {
          int first = warp * WARP;
          int lanes = threads - first < WARP ? threads - first : WARP;
          unsigned v[WARP], w[WARP], plus[WARP], r[WARP];
          for (int l = 0; l < lanes; l++)
            {
              long i = (long) b * threads + first + l;
              v[l] = i < n ? x[i] : 0;
              w[l] = i < n ? x[i] % 1000 : 0;
              plus[l] = w[l] + 1;
              r[l] = warp ? 1000u / warp + first + l : 0;
            }
          reduce_down (v, lanes);
          reduce_down (plus, lanes);
          reduce_down (r, lanes);
          partial[warp] = v[0];
          for (int l = 0; l < lanes; l++)
            {
              want[first + l][BLOCK_SUM] = v[l];
              want[first + l][BRANCHES]
                  = warp == 1 ? plus[l] : w[l] + (l >= 1 ? w[l - 1] : 0);
              want[first + l][DIVIDED] = warp ? r[l] : 0;
            }
        }
      int lanes = threads < WARP ? threads : WARP;
      reduce_down (partial, lanes);
      for (int l = 0; l < lanes; l++)
        want[l][BLOCK_SUM] = partial[l];
      for (int t = 0; t < threads; t++)
        for (int r = 0; r < RESULTS; r++)
          {
            long i = (long) b * threads + t;
            if (out[i * RESULTS + r] != want[t][r] && wrong++ < 10)
              printf ("block (%u, %u): thread %ld result %d: %u, not %u\n",
                      block.x, block.y, i, r, out[i * RESULTS + r],
                      want[t][r]);
          }
    }
  cuda_free_managed (x);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int wrong = 0;
  cuda_dim3 blocks[] = { cuda_dim3 (32), cuda_dim3 (256), cuda_dim3 (16, 4),
                         cuda_dim3 (48), cuda_dim3 (20) };
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last two blocks'); the CPU backend
     takes those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 5;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("warp functions under warp conditions: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "warp functions under warp conditions: 0 wrong" } */
/* { dg-cudajit-levels all } */
