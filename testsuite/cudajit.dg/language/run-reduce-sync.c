/* CUDA's __reduce_OP_sync, cuda_reduce_add_sync and the rest, on int and
   unsigned int: by the whole warp, and by the even lanes alone, with
   their mask, under a branch that only they take.  And the block
   collectives in a device function, called twice in a loop, and in a
   block of one thread.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 2,
  N = THREADS * BLOCKS,
  RESULTS = 12,
  ROUNDS = 3,
  EVEN = 0x55555555
};

__attribute__ ((cuda_jit)) void
reduce_sync (const int in[N], int out[N * RESULTS],
             unsigned int uout[N * RESULTS])
{
  long i = cuda_grid_x ();
  int v = in[i];
  unsigned int u = (unsigned int) v * 2654435761u;
  int *r = out + i * RESULTS;
  unsigned int *ur = uout + i * RESULTS;
  r[0] = cuda_reduce_add_sync (0xffffffff, v);
  r[1] = cuda_reduce_min_sync (0xffffffff, v);
  r[2] = cuda_reduce_max_sync (0xffffffff, v);
  r[3] = cuda_reduce_and_sync (0xffffffff, v);
  r[4] = cuda_reduce_or_sync (0xffffffff, v);
  r[5] = cuda_reduce_xor_sync (0xffffffff, v);
  ur[0] = cuda_reduce_add_sync (0xffffffff, u);
  ur[1] = cuda_reduce_min_sync (0xffffffff, u);
  ur[2] = cuda_reduce_max_sync (0xffffffff, u);
  ur[3] = cuda_reduce_and_sync (0xffffffff, u);
  ur[4] = cuda_reduce_or_sync (0xffffffff, u);
  ur[5] = cuda_reduce_xor_sync (0xffffffff, u);
  if (cuda_laneid () % 2 == 0)
    {
      r[6] = cuda_reduce_add_sync (EVEN, v);
      r[7] = cuda_reduce_min_sync (EVEN, v);
      r[8] = cuda_reduce_max_sync (EVEN, v);
      ur[9] = cuda_reduce_and_sync (EVEN, u);
      ur[10] = cuda_reduce_or_sync (EVEN, u);
      ur[11] = cuda_reduce_xor_sync (EVEN, u);
    }
}

/* The block's sum and each thread's exclusive prefix of it.  */
static long long
sum_and_prefix (long long v, long long *prefix)
{
  *prefix = cuda_block_scan_exclusive (v, CUDA_ADD);
  return cuda_block_reduce (v, CUDA_ADD);
}

__attribute__ ((cuda_jit)) void
in_device_function (const int in[N], long long sums[N * ROUNDS],
                    long long prefixes[N * ROUNDS])
{
  long i = cuda_grid_x ();
  long long v = in[i];
  for (int round = 0; round < ROUNDS; round++)
    {
      sums[i * ROUNDS + round]
          = sum_and_prefix (v * (round + 1), &prefixes[i * ROUNDS + round]);
      v += round;
    }
}

static int
check (long long got, long long want, const char *what, int i)
{
  if (got == want)
    return 0;
  printf ("%s of thread %d: %lld, not %lld\n", what, i, got, want);
  return 1;
}

int
main (void)
{
  static int in[N], out[N * RESULTS];
  static unsigned int uout[N * RESULTS];
  static long long sums[N * ROUNDS], prefixes[N * ROUNDS];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = (i * 7919) % 1009 - 500;
  cuda_launch (reduce_sync, BLOCKS, THREADS) (in, out, uout);
  for (int i = 0; i < N; i++)
    {
      int first = i / 32 * 32;
      int add = 0, min = INT_MAX, max = INT_MIN, and = -1, or = 0, xor = 0;
      unsigned int uadd = 0, umin = UINT_MAX, umax = 0, uand = ~0u, uor = 0,
                   uxor = 0;
      int eadd = 0, emin = INT_MAX, emax = INT_MIN;
      unsigned int eand = ~0u, eor = 0, exor = 0;
      for (int j = first; j < first + 32; j++)
        {
          int v = in[j];
          unsigned int u = (unsigned int) v * 2654435761u;
          add += v, min = v < min ? v : min, max = v > max ? v : max;
          and &= v, or |= v, xor ^= v;
          uadd += u, umin = u < umin ? u : umin, umax = u > umax ? u : umax;
          uand &= u, uor |= u, uxor ^= u;
          if (j % 2 == 0)
            {
              eadd += v, emin = v < emin ? v : emin;
              emax = v > emax ? v : emax;
              eand &= u, eor |= u, exor ^= u;
            }
        }
      const int *r = out + i * RESULTS;
      const unsigned int *ur = uout + i * RESULTS;
      errors += check (r[0], add, "add", i) + check (r[1], min, "min", i)
                + check (r[2], max, "max", i) + check (r[3], and, "and", i)
                + check (r[4], or, "or", i) + check (r[5], xor, "xor", i);
      errors += check (ur[0], uadd, "uadd", i) + check (ur[1], umin, "umin", i)
                + check (ur[2], umax, "umax", i)
                + check (ur[3], uand, "uand", i) + check (ur[4], uor, "uor", i)
                + check (ur[5], uxor, "uxor", i);
      if (i % 2 == 0)
        errors += check (r[6], eadd, "even add", i)
                  + check (r[7], emin, "even min", i)
                  + check (r[8], emax, "even max", i)
                  + check (ur[9], eand, "even and", i)
                  + check (ur[10], eor, "even or", i)
                  + check (ur[11], exor, "even xor", i);
    }

  for (int threads = THREADS; threads >= 1; threads -= THREADS - 1)
    {
      cuda_launch (in_device_function, N / threads, threads) (in, sums,
                                                              prefixes);
      for (int b = 0; b < N / threads; b++)
        {
          long long v[THREADS];
          for (int t = 0; t < threads; t++)
            v[t] = in[b * threads + t];
          for (int round = 0; round < ROUNDS; round++)
            {
              long long sum = 0;
              for (int t = 0; t < threads; t++)
                sum += v[t] * (round + 1);
              for (int t = 0, prefix = 0; t < threads; t++)
                {
                  int i = b * threads + t;
                  errors += check (sums[i * ROUNDS + round], sum, "sum", i);
                  errors += check (prefixes[i * ROUNDS + round], prefix,
                                   "prefix", i);
                  prefix += v[t] * (round + 1);
                }
              for (int t = 0; t < threads; t++)
                v[t] += round;
            }
        }
    }
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
