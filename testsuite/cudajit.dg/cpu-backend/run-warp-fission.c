/* Warp functions that every thread of a block reaches alike, with the
   whole warp's mask, which the CPU backend's block function is cut at
   rather than running fibers: a shuffle reduction in a loop, a warp scan,
   a ballot count and the other votes, shuffles of each kind with a width,
   of long long and double values, of a value the same for all threads,
   cuda_syncwarp over shared memory, and a vote in a condition; in blocks
   of 64 threads, of 16 x 8 (warps across rows) and of 32 x 2 x 2.  A
   shuffle in a branch that whole warps take, but not the whole block,
   stays on fibers, and must give the same.  Each result is compared with
   plain C that computes what each lane of a warp gets.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  N = 3 * 256,
  WARP = 32
};

/* What each thread writes in out[i][...].  */
enum
{
  SUM,
  SCAN,
  BALLOT,
  VOTES,
  BROADCAST,
  XOR_MAX,
  UP_WIDTH,
  UNIFORM,
  NEIGHBOUR,
  CONDITION,
  DIVERGENT,
  RESULTS
};

__attribute__ ((cuda_jit)) void
warps (const int *in, const double *weight, long long *out, long long *total)
{
  static __attribute__ ((cuda_shared)) int word[256];
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int lane = t % WARP;
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int x = in[i];
  long long *o = &out[i * RESULTS];

  /* The classic reduction: lane 0 ends with the warp's sum.  */
  long long sum = x;
  for (int d = WARP / 2; d > 0; d /= 2)
    sum += cuda_shfl_down_sync (FULL, sum, d);
  o[SUM] = sum;
  if (lane == 0)
    cuda_atomic_add (total, sum);

  /* An inclusive scan.  */
  int scan = x;
  for (int d = 1; d < WARP; d *= 2)
    {
      int before = cuda_shfl_up_sync (FULL, scan, d);
      if (lane >= d)
        scan += before;
    }
  o[SCAN] = scan;

  unsigned int ballot = cuda_ballot_sync (FULL, x % 3 == 0);
  o[BALLOT] = __builtin_popcount (ballot);
  int all = cuda_all_sync (FULL, x % 7);
  int any = cuda_any_sync (FULL, x % 11 == 0);
  int eq = cuda_eq_sync (FULL, x > 1000);
  o[VOTES] = all | any << 1 | eq << 2;

  double w = weight[i];
  o[BROADCAST] = (long long) (cuda_shfl_sync (FULL, w, 5, 16) * 8);

  int m = x;
  for (int mask = 1; mask < WARP; mask <<= 1)
    {
      int other = cuda_shfl_xor_sync (FULL, m, mask);
      m = other > m ? other : m;
    }
  o[XOR_MAX] = m;
  o[UP_WIDTH] = cuda_shfl_up_sync (FULL, (long long) x << 33, 3, 8) >> 33;
  o[UNIFORM] = cuda_shfl_sync (FULL, (int) blockIdx.x * 7, lane + 1);

  word[t] = x;
  cuda_syncwarp (FULL);
  o[NEIGHBOUR] = word[t - lane + (lane + 1) % WARP];

  /* A vote in a condition, which is always evaluated.  */
  if (cuda_any_sync (FULL, x % 11 == 0) && x > 500)
    o[CONDITION] = 1;
  else
    o[CONDITION] = 2;
}

/* Whole warps take the branch, not the whole block: fibers.  */
__attribute__ ((cuda_jit)) void
divergent (const int *in, long long *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int x = in[i];

  if (t / WARP % 2 == 0)
    out[i * RESULTS + DIVERGENT] = cuda_shfl_xor_sync (FULL, x, 1);
  else
    out[i * RESULTS + DIVERGENT] = -1;
}

static double
weight_of (long i)
{
  return (i % 13) * 0.125;
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  int blocks = N / threads;
  int *in = cuda_managed_array (N * sizeof *in);
  double *weight = cuda_managed_array (N * sizeof *weight);
  long long *out = cuda_managed_array (N * RESULTS * sizeof *out);
  long long *total = cuda_managed_array (sizeof *total);
  long long want_total = 0;

  for (long i = 0; i < N; i++)
    {
      in[i] = (int) ((i * 7919) % 1009);
      weight[i] = weight_of (i);
    }
  *total = 0;
  memset (out, 0, N * RESULTS * sizeof *out);
  cuda_launch (warps, blocks, block) (in, weight, out, total);
  cuda_launch (divergent, blocks, block) (in, out);
  cuda_synchronize ();

  int wrong = 0;
  for (long first = 0; first < N; first += WARP)
    {
      const int *x = &in[first];
      long long sum = 0, reduced[WARP], next[WARP];
      int scan = 0, ballot = 0, all = 1, any = 0, big = 0, max = x[0];
      for (int l = 0; l < WARP; l++)
        {
          sum += x[l];
          ballot += x[l] % 3 == 0;
          all &= x[l] % 7 != 0;
          any |= x[l] % 11 == 0;
          big += x[l] > 1000;
          max = x[l] > max ? x[l] : max;
        }
      want_total += sum;
      for (int l = 0; l < WARP; l++)
        reduced[l] = x[l];
      for (int d = WARP / 2; d > 0; d /= 2)
        {
          for (int l = 0; l < WARP; l++)
            next[l] = reduced[l] + reduced[l + d < WARP ? l + d : l];
          memcpy (reduced, next, sizeof reduced);
        }
      long long votes = all | any << 1 | (big == 0 || big == WARP) << 2;
      for (int l = 0; l < WARP; l++)
        {
          const long long *o = &out[(first + l) * RESULTS];
          scan += x[l];
          int up = l % 8 >= 3 ? x[l - 3] : x[l];
          int uniform = (int) ((first + l) / threads) * 7;
          long long want[RESULTS] = {
            [SUM] = reduced[l],
            [SCAN] = scan,
            [BALLOT] = ballot,
            [VOTES] = votes,
            [BROADCAST] = (long long) (weight_of (first + l / 16 * 16 + 5) * 8),
            [XOR_MAX] = max,
            [UP_WIDTH] = up,
            [UNIFORM] = uniform,
            [NEIGHBOUR] = x[(l + 1) % WARP],
            [CONDITION] = any && x[l] > 500 ? 1 : 2,
            [DIVERGENT] = (first % threads) / WARP % 2 == 0 ? x[l ^ 1] : -1,
          };
          for (int r = 0; r < RESULTS; r++)
            if (o[r] != want[r])
              {
                if (wrong++ < 10)
                  printf ("block (%u, %u, %u) thread %ld result %d: %lld, "
                          "not %lld\n",
                          block.x, block.y, block.z, first + l, r, o[r],
                          want[r]);
              }
        }
    }
  if (*total != want_total)
    {
      printf ("total %lld, not %lld\n", *total, want_total);
      wrong++;
    }
  cuda_free_managed (in);
  cuda_free_managed (weight);
  cuda_free_managed (out);
  cuda_free_managed (total);
  return wrong;
}

int
main (void)
{
  int wrong = check (cuda_dim3 (64)) + check (cuda_dim3 (16, 8))
              + check (cuda_dim3 (32, 2, 2));
  printf ("warp fission: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "warp fission: 0 wrong" } */
/* { dg-cudajit-levels all } */
