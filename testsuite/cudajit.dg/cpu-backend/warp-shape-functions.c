/* Every kind of warp function in the places where issue 45 wants them
   run: shuffles up, idx and xor within groups narrower than a warp (a
   scan of 8 lanes, the last lane of 16 broadcast, a butterfly of 4),
   the votes cuda_ballot_sync, cuda_all_sync and cuda_any_sync, and
   cuda_match_any_sync; shuffles under warp-uniform conditions (warp == 0,
   blockIdx.x == 1), in a loop, and ballots in a grid-stride loop whose
   exit each warp takes alike; the lane from cuda_laneid (), from
   threadIdx.x % 8 (its lane's in these blocks) and from a variable.  No
   shuffle's value from a lane that does not exist is used.  Every lane's
   results are compared with plain C that runs each warp's lanes in
   lockstep, in blocks of 32, 256, 48 (a second warp of 16 lanes) and
   16 x 8 threads, the last block partly past the end of the data.  */
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
  /* The grid-stride loop's data, in grids.  */
  GRIDS = 3,
  /* The predicates' bound: about half the warps have every value above
     it.  */
  SMALL = 16
};

/* What each thread writes in out[i][...]; 0 where it writes nothing.  */
enum
{
  SCAN8,
  BROADCAST16,
  BUTTERFLY4,
  BALLOT,
  ALL,
  ANY,
  MATCH,
  REVERSED,
  NEXT,
  ROTATED,
  STRIDE_COUNT,
  RESULTS
};

__attribute__ ((cuda_jit)) void
functions (long n, long m, const unsigned *x, unsigned (*out)[RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  long i = blockIdx.x * (long) threads + t;
  unsigned lane = cuda_laneid ();
  unsigned warp = t / WARP;
  unsigned lanes = threads - (t - lane) < WARP ? threads - (t - lane) : WARP;
  unsigned v = i < n ? x[i] : 0;

  unsigned scan = v;
  for (int d = 1; d < 8; d *= 2)
    {
      unsigned before = cuda_shfl_up_sync (FULL, scan, d, 8);
      if (threadIdx.x % 8 >= d)
        scan += before;
    }
  out[i][SCAN8] = scan;
  out[i][BROADCAST16] = cuda_shfl_sync (FULL, v, 15, 16);
  unsigned butterfly = v;
  for (int d = 1; d < 4; d *= 2)
    butterfly += cuda_shfl_xor_sync (FULL, butterfly, d, 4);
  out[i][BUTTERFLY4] = butterfly;

  out[i][BALLOT] = cuda_ballot_sync (FULL, v & 1);
  out[i][ALL] = cuda_all_sync (FULL, v > SMALL);
  out[i][ANY] = cuda_any_sync (FULL, v < SMALL);

  /* The first warp is whole in every block here.  */
  if (warp == 0)
    out[i][REVERSED] = cuda_shfl_sync (FULL, v, WARP - 1 - lane);
  if (blockIdx.x == 1)
    {
      unsigned next = cuda_shfl_down_sync (FULL, v, 1);
      out[i][NEXT] = lane + 1 < lanes ? next : v;
    }

  unsigned r = v;
  for (int k = 0; k < 3; k++)
    r = cuda_shfl_sync (FULL, r, lane + 1, 16) + k;
  out[i][ROTATED] = r;

  unsigned counted = 0;
  for (long base = i - lane; base < m; base += gridDim.x * (long) threads)
    {
      long j = base + lane;
      counted += __builtin_popcount (cuda_ballot_sync (FULL, j < m && x[j] & 1));
    }
  out[i][STRIDE_COUNT] = counted;
}

/* Apart, as the CPU backend runs every thread of a kernel that calls it
   as a fiber today.  */
__attribute__ ((cuda_jit)) void
match_any (long n, const unsigned *x, unsigned (*out)[RESULTS])
{
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y) + threadIdx.x
           + blockDim.x * threadIdx.y;
  unsigned v = i < n ? x[i] : 0;
  out[i][MATCH] = cuda_match_any_sync (FULL, v % 3);
}

/* What the LANES lanes of the warp that starts at FIRST, the WARP'th of
   block B, write in WANT; V their values, the grid's threads COUNT.  */
static void
simulate_warp (long first, int lanes, int warp, int b, long m, long count,
               const unsigned *x, const unsigned *v,
               unsigned (*want)[RESULTS])
{
  unsigned r[WARP], next[WARP], ballot = 0, all = 1, any = 0;

  for (int l = 0; l < lanes; l++)
    {
      ballot |= (v[l] & 1u) << l;
      all &= v[l] > SMALL;
      any |= v[l] < SMALL;
    }
  for (int l = 0; l < lanes; l++)
    {
      unsigned *w = want[first + l];
      w[SCAN8] = 0;
      for (int k = l - l % 8; k <= l; k++)
        w[SCAN8] += v[k];
      w[BROADCAST16] = v[l - l % 16 + 15];
      w[BUTTERFLY4] = 0;
      for (int k = l - l % 4; k < l - l % 4 + 4; k++)
        w[BUTTERFLY4] += v[k];
      w[BALLOT] = ballot;
      w[ALL] = all;
      w[ANY] = any;
      w[MATCH] = 0;
      for (int k = 0; k < lanes; k++)
        w[MATCH] |= (unsigned) (v[k] % 3 == v[l] % 3) << k;
      w[REVERSED] = warp == 0 ? v[WARP - 1 - l] : 0;
      w[NEXT] = b == 1 ? (l + 1 < lanes ? v[l + 1] : v[l]) : 0;
      r[l] = v[l];
    }
  for (int k = 0; k < 3; k++)
    {
      for (int l = 0; l < lanes; l++)
        next[l] = r[l - l % 16 + (l + 1) % 16] + k;
      memcpy (r, next, lanes * sizeof *r);
    }
  unsigned counted = 0;
  for (long base = first; base < m; base += count)
    {
      unsigned bits = 0;
      for (int l = 0; l < lanes; l++)
        bits |= (unsigned) (base + l < m && x[base + l] & 1) << l;
      counted += __builtin_popcount (bits);
    }
  for (int l = 0; l < lanes; l++)
    {
      want[first + l][ROTATED] = r[l];
      want[first + l][STRIDE_COUNT] = counted;
    }
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y, wrong = 0;
  long count = (long) BLOCKS * threads, n = count - 5, m = GRIDS * count - 5;
  unsigned *x = cuda_managed_array (m * sizeof *x);
  unsigned (*out)[RESULTS] = cuda_managed_array (count * sizeof *out);
  unsigned want[BLOCKS * MOST_THREADS][RESULTS];

  for (long i = 0; i < m; i++)
    x[i] = (unsigned) ((i * 7919) % 1009);
  memset (out, 0, count * sizeof *out);
  cuda_launch (functions, BLOCKS, block) (n, m, x, out);
  cuda_launch (match_any, BLOCKS, block) (n, x, out);
  cuda_synchronize ();

  /* The warps of each block, the last one maybe short.  */
  for (long first = 0, lanes; first < count; first += lanes)
    {
      int in_block = first % threads;
      lanes = threads - in_block < WARP ? threads - in_block : WARP;
      unsigned v[WARP];
      for (int l = 0; l < lanes; l++)
        v[l] = first + l < n ? x[first + l] : 0;
      simulate_warp (first, lanes, in_block / WARP, first / threads, m,
                     count, x, v, want);
    }
  for (long i = 0; i < count; i++)
    for (int r = 0; r < RESULTS; r++)
      if (out[i][r] != want[i][r] && wrong++ < 10)
        printf ("block (%u, %u): thread %ld result %d: %#x, not %#x\n",
                block.x, block.y, i, r, out[i][r], want[i][r]);
  cuda_free_managed (x);
  cuda_free_managed (out);
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
  printf ("warp functions agree\n");
  return 0;
}

/* { dg-output "warp functions agree" } */
/* { dg-cudajit-levels all } */
