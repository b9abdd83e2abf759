/* The first two shapes of warp code of issue 45, every lane's results
   compared with plain C that runs each warp's lanes in lockstep: a warp
   reduction by cuda_shfl_down_sync whose lane 0 adds the warp's sum to a
   total by an atomic, lane 0 found by cuda_laneid (), threadIdx.x & 31,
   threadIdx.x % 32 and a variable; and the xor butterfly, where every
   lane keeps the warp's sum.  As written, in blocks of 32, 256 and
   16 x 8 threads, whole warps; with CUB's test of the lanes that exist
   (lane + d < lanes) also in blocks of 48, whose second warp has 16
   lanes, where a shuffle from the 16 others is undefined.  The last
   block is partly past the end of the data.  */
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

/* What each thread writes in out[i][...].  */
enum
{
  DOWN,
  BUTTERFLY,
  RESULTS
};

/* The totals of the atomics, lane 0 found by cuda_laneid (), & 31, % 32
   and a variable.  */
enum
{
  BY_LANEID,
  BY_AND,
  BY_MOD,
  BY_VARIABLE,
  TOTALS
};

__attribute__ ((cuda_jit)) void
whole_warps (long n, const unsigned *x, unsigned (*out)[RESULTS],
             unsigned *totals)
{
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y) + t;
  unsigned lane = t % WARP;
  unsigned v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  out[i][DOWN] = v;
  if (cuda_laneid () == 0)
    cuda_atomic_add (&totals[BY_LANEID], v);
  if ((threadIdx.x & 31) == 0)
    cuda_atomic_add (&totals[BY_AND], v);
  if (threadIdx.x % 32 == 0)
    cuda_atomic_add (&totals[BY_MOD], v);
  if (lane == 0)
    cuda_atomic_add (&totals[BY_VARIABLE], v);

  unsigned s = i < n ? x[i] : 0;
  for (int d = 1; d < WARP; d *= 2)
    s += cuda_shfl_xor_sync (FULL, s, d);
  out[i][BUTTERFLY] = s;
}

/* The same, each shuffle's value taken only from a lane that exists.  */
__attribute__ ((cuda_jit)) void
any_warps (long n, const unsigned *x, unsigned (*out)[RESULTS],
           unsigned *totals)
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  long i = blockIdx.x * (long) threads + t;
  unsigned lane = cuda_laneid ();
  unsigned lanes = threads - (t - lane) < WARP ? threads - (t - lane) : WARP;
  unsigned v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      unsigned other = cuda_shfl_down_sync (FULL, v, d);
      if (lane + d < lanes)
        v += other;
    }
  out[i][DOWN] = v;
  if (cuda_laneid () == 0)
    cuda_atomic_add (&totals[BY_LANEID], v);
  if ((threadIdx.x & 31) == 0)
    cuda_atomic_add (&totals[BY_AND], v);
  if (threadIdx.x % 32 == 0)
    cuda_atomic_add (&totals[BY_MOD], v);
  if (lane == 0)
    cuda_atomic_add (&totals[BY_VARIABLE], v);

  unsigned s = i < n ? x[i] : 0;
  for (int d = 1; d < WARP; d *= 2)
    {
      unsigned other = cuda_shfl_xor_sync (FULL, s, d);
      if ((lane ^ d) < lanes)
        s += other;
    }
  out[i][BUTTERFLY] = s;
}

/* What the warp of LANES lanes whose values are V has in each lane after
   the kernels' loops: WHOLE for whole_warps, where a lane past the
   warp's 32 gives the caller's own value, else any_warps.  */
static void
simulate_warp (const unsigned *v, int lanes, int whole,
               unsigned (*want)[RESULTS])
{
  unsigned down[WARP], butterfly[WARP], next[WARP];

  memcpy (down, v, lanes * sizeof *v);
  memcpy (butterfly, v, lanes * sizeof *v);
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      for (int l = 0; l < lanes; l++)
        next[l] = down[l]
                  + (l + d < lanes ? down[l + d] : whole ? down[l] : 0);
      memcpy (down, next, lanes * sizeof *v);
    }
  for (int d = 1; d < WARP; d *= 2)
    {
      for (int l = 0; l < lanes; l++)
        next[l] = butterfly[l] + ((l ^ d) < lanes ? butterfly[l ^ d] : 0);
      memcpy (butterfly, next, lanes * sizeof *v);
    }
  for (int l = 0; l < lanes; l++)
    {
      want[l][DOWN] = down[l];
      want[l][BUTTERFLY] = butterfly[l];
    }
}

static int
check (cuda_dim3 block, int whole)
{
  int threads = block.x * block.y, wrong = 0;
  long count = (long) BLOCKS * threads, n = count - 5;
  unsigned *x = cuda_managed_array (count * sizeof *x);
  unsigned (*out)[RESULTS] = cuda_managed_array (count * sizeof *out);
  unsigned *totals = cuda_managed_array (TOTALS * sizeof *totals);
  unsigned want[BLOCKS * MOST_THREADS][RESULTS], want_totals[TOTALS] = { 0 };

  for (long i = 0; i < n; i++)
    x[i] = (unsigned) ((i * 7919) % 1009) * 0x10001u;
  memset (out, 0, count * sizeof *out);
  memset (totals, 0, TOTALS * sizeof *totals);
  if (whole)
    cuda_launch (whole_warps, BLOCKS, block) (n, x, out, totals);
  else
    cuda_launch (any_warps, BLOCKS, block) (n, x, out, totals);
  cuda_synchronize ();

  /* The warps of each block, the last one maybe short.  */
  for (long first = 0, lanes; first < count; first += lanes)
    {
      int in_block = first % threads;
      lanes = threads - in_block < WARP ? threads - in_block : WARP;
      unsigned v[WARP];
      for (int l = 0; l < lanes; l++)
        v[l] = first + l < n ? x[first + l] : 0;
      simulate_warp (v, lanes, whole, &want[first]);
      for (int l = 0; l < lanes; l++)
        {
          unsigned x_index = (in_block + l) % block.x;
          unsigned sum = want[first + l][DOWN];
          want_totals[BY_LANEID] += l == 0 ? sum : 0;
          want_totals[BY_AND] += (x_index & 31) == 0 ? sum : 0;
          want_totals[BY_MOD] += x_index % 32 == 0 ? sum : 0;
          want_totals[BY_VARIABLE] += l == 0 ? sum : 0;
        }
    }
  for (long i = 0; i < count; i++)
    for (int r = 0; r < RESULTS; r++)
      if (out[i][r] != want[i][r] && wrong++ < 10)
        printf ("%s, block (%u, %u): thread %ld result %d: %u, not %u\n",
                whole ? "whole warps" : "any warps", block.x, block.y, i, r,
                out[i][r], want[i][r]);
  for (int k = 0; k < TOTALS; k++)
    if (totals[k] != want_totals[k] && wrong++ < 10)
      printf ("%s, block (%u, %u): total %d: %u, not %u\n",
              whole ? "whole warps" : "any warps", block.x, block.y, k,
              totals[k], want_totals[k]);
  cuda_free_managed (x);
  cuda_free_managed (out);
  cuda_free_managed (totals);
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
  printf ("warp reductions agree\n");
  return 0;
}

/* { dg-output "warp reductions agree" } */
/* { dg-cudajit-levels all } */
