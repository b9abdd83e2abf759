/* The third shape of warp code of issue 45, CUB's block reduction: each
   warp's sum by a device function of shuffles down, one partial a warp
   in shared memory, a barrier, then under the warp-uniform condition
   warp == 0 the partials reduced by the same device function, and the
   block's sum stored by lane 0.  The device function takes the lanes that
   exist, as CUB's does, and uses only their values; every lane's value
   after each call is stored and compared with plain C that runs each
   warp's lanes in lockstep.  In blocks of 32, 256, 48 (a second warp of
   16 lanes) and 16 x 8 threads, the last block partly past the end of
   the data.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 3,
  MOST_THREADS = 256
};

/* What each thread writes in out[i][...]; 0 where it writes nothing.  */
enum
{
  WARP_SUM,
  PARTIALS_SUM,
  RESULTS
};

/* In each lane, V plus that of the lanes D, 2D... above it, for D from
   16 down, of the first LANES lanes: the warp's sum in lane 0.  */
static unsigned
warp_reduce (unsigned v, unsigned lanes)
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
block_reduce (long n, const unsigned *x, unsigned (*out)[RESULTS],
              unsigned *sums)
{
  static __attribute__ ((cuda_shared)) unsigned partials[MOST_THREADS / WARP];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  long i = blockIdx.x * (long) threads + t;
  unsigned lane = t % WARP, warp = t / WARP;
  unsigned warps = (threads + WARP - 1) / WARP;
  unsigned v = warp_reduce (i < n ? x[i] : 0,
                            threads - warp * WARP < WARP ? threads - warp * WARP
                                                         : WARP);
  out[i][WARP_SUM] = v;
  if (lane == 0)
    partials[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      v = warp_reduce (lane < warps ? partials[lane] : 0, warps);
      out[i][PARTIALS_SUM] = v;
      if (lane == 0)
        sums[blockIdx.x] = v;
    }
}

/* Each lane's value after warp_reduce of the LANES values V.  */
static void
simulate_reduce (unsigned *v, int lanes)
{
  unsigned next[WARP];

  for (int d = WARP / 2; d > 0; d /= 2)
    {
      for (int l = 0; l < lanes; l++)
        next[l] = v[l] + (l + d < lanes ? v[l + d] : 0);
      memcpy (v, next, lanes * sizeof *v);
    }
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y, wrong = 0;
  int warps = (threads + WARP - 1) / WARP;
  long count = (long) BLOCKS * threads, n = count - 5;
  unsigned *x = cuda_managed_array (count * sizeof *x);
  unsigned (*out)[RESULTS] = cuda_managed_array (count * sizeof *out);
  unsigned *sums = cuda_managed_array (BLOCKS * sizeof *sums);
  unsigned want[BLOCKS * MOST_THREADS][RESULTS], want_sums[BLOCKS];

  for (long i = 0; i < n; i++)
    x[i] = (unsigned) ((i * 104729) % 65537) * 0x10003u;
  memset (out, 0, count * sizeof *out);
  memset (want, 0, sizeof want);
  cuda_launch (block_reduce, BLOCKS, block) (n, x, out, sums);
  cuda_synchronize ();

  for (int b = 0; b < BLOCKS; b++)
    {
      unsigned partials[WARP] = { 0 };
      for (int w = 0; w < warps; w++)
        {
          long first = (long) b * threads + w * WARP;
          int lanes = threads - w * WARP < WARP ? threads - w * WARP : WARP;
          unsigned v[WARP];
          for (int l = 0; l < lanes; l++)
            v[l] = first + l < n ? x[first + l] : 0;
          simulate_reduce (v, lanes);
          for (int l = 0; l < lanes; l++)
            want[first + l][WARP_SUM] = v[l];
          partials[w] = v[0];
        }
      /* The first warp, of min (threads, 32) lanes, on the partials.  */
      int lanes = threads < WARP ? threads : WARP;
      simulate_reduce (partials, warps);
      for (int l = 0; l < lanes; l++)
        want[(long) b * threads + l][PARTIALS_SUM]
            = l < warps ? partials[l] : 0;
      want_sums[b] = partials[0];
    }
  for (long i = 0; i < count; i++)
    for (int r = 0; r < RESULTS; r++)
      if (out[i][r] != want[i][r] && wrong++ < 10)
        printf ("block (%u, %u): thread %ld result %d: %u, not %u\n",
                block.x, block.y, i, r, out[i][r], want[i][r]);
  for (int b = 0; b < BLOCKS; b++)
    if (sums[b] != want_sums[b] && wrong++ < 10)
      printf ("block (%u, %u): sum of block %d: %u, not %u\n", block.x,
              block.y, b, sums[b], want_sums[b]);
  cuda_free_managed (x);
  cuda_free_managed (out);
  cuda_free_managed (sums);
  return wrong;
}

int
main (void)
{
  static const cuda_dim3 blocks[] = {
    { 32, 1, 1 }, { MOST_THREADS, 1, 1 }, { 48, 1, 1 }, { 16, 8, 1 }
  };
  int wrong = 0;

  for (int k = 0; k < 4; k++)
    wrong += check (blocks[k]);
  if (wrong)
    return 1;
  printf ("block reductions agree\n");
  return 0;
}

/* { dg-output "block reductions agree" } */
/* { dg-cudajit-levels all } */
