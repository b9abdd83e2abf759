/* The fourth shape of warp code of issue 45: each thread's sum over a
   grid-stride loop, then its warp's sum by a device function of shuffles
   down, stored where threadIdx.x % 32 == 0 (in blocks of 16 x 8, lanes 0
   and 16 of each warp).  Every lane's value after the device function is
   stored too, and all are compared with plain C that runs each warp's
   lanes in lockstep.  As written, in blocks of 32, 256 and 16 x 8
   threads, whole warps; with a device function that takes the lanes that
   exist, as CUB's does, also in blocks of 48, whose second warp has 16
   lanes.  The data is not a whole number of grids.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 3,
  MOST_THREADS = 256,
  /* The elements, as many as grids of the largest block.  */
  GRIDS = 5
};

/* What each thread writes in out[i][...]; 0 where it writes nothing.  */
enum
{
  LANE_SUM,
  PICKED,
  RESULTS
};

static unsigned
warp_sum (unsigned v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  return v;
}

/* The same, adding values only from the first LANES lanes.  */
static unsigned
warp_sum_of (unsigned v, unsigned lanes)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      unsigned other = cuda_shfl_down_sync (FULL, v, d);
      if (cuda_laneid () + d < lanes)
        v += other;
    }
  return v;
}

__attribute__ ((cuda_jit)) void
whole_warps (long n, const unsigned *x, unsigned (*out)[RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  long g = blockIdx.x * (long) threads + threadIdx.x + blockDim.x * threadIdx.y;
  unsigned v = 0;
  for (long i = g; i < n; i += gridDim.x * (long) threads)
    v += x[i];
  v = warp_sum (v);
  out[g][LANE_SUM] = v;
  if (threadIdx.x % 32 == 0)
    out[g][PICKED] = v;
}

__attribute__ ((cuda_jit)) void
any_warps (long n, const unsigned *x, unsigned (*out)[RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  long g = blockIdx.x * (long) threads + t;
  unsigned first = t - t % WARP;
  unsigned v = 0;
  for (long i = g; i < n; i += gridDim.x * (long) threads)
    v += x[i];
  v = warp_sum_of (v, threads - first < WARP ? threads - first : WARP);
  out[g][LANE_SUM] = v;
  if (threadIdx.x % 32 == 0)
    out[g][PICKED] = v;
}

static int
check (cuda_dim3 block, int whole)
{
  int threads = block.x * block.y, wrong = 0;
  long count = (long) BLOCKS * threads, n = GRIDS * MOST_THREADS - 7;
  unsigned *x = cuda_managed_array (n * sizeof *x);
  unsigned (*out)[RESULTS] = cuda_managed_array (count * sizeof *out);
  unsigned want[BLOCKS * MOST_THREADS][RESULTS];

  for (long i = 0; i < n; i++)
    x[i] = (unsigned) ((i * 7919) % 1009) * 0x10001u;
  memset (out, 0, count * sizeof *out);
  memset (want, 0, sizeof want);
  if (whole)
    cuda_launch (whole_warps, BLOCKS, block) (n, x, out);
  else
    cuda_launch (any_warps, BLOCKS, block) (n, x, out);
  cuda_synchronize ();

  /* The warps of each block, the last one maybe short.  */
  for (long first = 0, lanes; first < count; first += lanes)
    {
      int in_block = first % threads;
      lanes = threads - in_block < WARP ? threads - in_block : WARP;
      unsigned v[WARP], next[WARP];
      for (int l = 0; l < lanes; l++)
        {
          v[l] = 0;
          for (long i = first + l; i < n; i += count)
            v[l] += x[i];
        }
      for (int d = WARP / 2; d > 0; d /= 2)
        {
          for (int l = 0; l < lanes; l++)
            next[l] = v[l]
                      + (l + d < lanes ? v[l + d] : whole ? v[l] : 0);
          memcpy (v, next, lanes * sizeof *v);
        }
      for (int l = 0; l < lanes; l++)
        {
          want[first + l][LANE_SUM] = v[l];
          want[first + l][PICKED] = (in_block + l) % block.x % 32 == 0 ? v[l]
                                                                       : 0;
        }
    }
  for (long i = 0; i < count; i++)
    for (int r = 0; r < RESULTS; r++)
      if (out[i][r] != want[i][r] && wrong++ < 10)
        printf ("%s, block (%u, %u): thread %ld result %d: %u, not %u\n",
                whole ? "whole warps" : "any warps", block.x, block.y, i, r,
                out[i][r], want[i][r]);
  cuda_free_managed (x);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  static const cuda_dim3 whole[]
      = { { 32, 1, 1 }, { MOST_THREADS, 1, 1 }, { 16, 8, 1 } };
  int wrong = 0;

  for (int k = 0; k < 3; k++)
    wrong += check (whole[k], 1) + check (whole[k], 0);
  wrong += check ((cuda_dim3){ 48, 1, 1 }, 0);
  if (wrong)
    return 1;
  printf ("grid-stride warp sums agree\n");
  return 0;
}

/* { dg-output "grid-stride warp sums agree" } */
/* { dg-cudajit-levels all } */
