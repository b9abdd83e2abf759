/* Atomic additions that the kernel cannot see before it ends, which the
   CPU backend keeps for later and makes a pool thread's at once: warp
   sums added by lane 0 to one total, of each type that they may be
   (int, unsigned, unsigned long long, float, double); two totals in
   turn; against plain C's sums, of values small enough that the float
   sums are exact in any order.  And additions that the kernel could
   see, which it makes at once: one whose old value it uses, one with a
   store after it; deferred-adds-shape.c finds which the host entries
   keep.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define FULL 0xffffffffu

enum
{
  BLOCK = 128,
  BLOCKS = 96,
  N = BLOCK * BLOCKS
};

#define WARP_TOTAL(name, type)                                               \
  __attribute__ ((cuda_jit)) void name (const int x[N], type total[1])      \
  {                                                                           \
    int i = cuda_grid_x ();                                                   \
    type v = x[i];                                                            \
    for (int d = 16; d > 0; d /= 2)                                           \
      v += cuda_shfl_down_sync (FULL, v, d);                                  \
    if (cuda_laneid () == 0)                                                  \
      cuda_atomic_add (total, v);                                             \
  }

WARP_TOTAL (total_int, int)
WARP_TOTAL (total_unsigned, unsigned)
WARP_TOTAL (total_ull, unsigned long long)
WARP_TOTAL (total_float, float)
WARP_TOTAL (total_double, double)

__attribute__ ((cuda_jit)) void
two_totals (const int x[N], int evens[1], double odds[1])
{
  int i = cuda_grid_x ();
  int v = x[i];
  if (v % 2 == 0)
    cuda_atomic_add (evens, v);
  else
    cuda_atomic_add (odds, (double) v);
}

__attribute__ ((cuda_jit)) void
old_value_used (const int x[N], int total[1], int olds[N])
{
  int i = cuda_grid_x ();
  olds[i] = cuda_atomic_add (total, x[i]);
}

__attribute__ ((cuda_jit)) void
store_after (const int x[N], int total[1], int copy[N])
{
  int i = cuda_grid_x ();
  cuda_atomic_add (total, x[i]);
  copy[i] = x[i];
}

static int x[N], olds[N], copy[N];

int
main (void)
{
  long long sum = 0, even_sum = 0, odd_sum = 0;
  for (int i = 0; i < N; i++)
    {
      x[i] = i % 1000 - 300;
      sum += x[i];
      if (x[i] % 2 == 0)
        even_sum += x[i];
      else
        odd_sum += x[i];
    }
  int int_sum = 0, evens = 0, used_sum = 0, stored_sum = 0;
  unsigned unsigned_sum = 7;
  unsigned long long ull_sum = 1ull << 40;
  float float_sum = 0.5f;
  double double_sum = -2, odds = 0;
  for (int round = 0; round < 2; round++)
    {
      cuda_launch (total_int, BLOCKS, BLOCK) (x, &int_sum);
      cuda_launch (total_unsigned, BLOCKS, BLOCK) (x, &unsigned_sum);
      cuda_launch (total_ull, BLOCKS, BLOCK) (x, &ull_sum);
      cuda_launch (total_float, BLOCKS, BLOCK) (x, &float_sum);
      cuda_launch (total_double, BLOCKS, BLOCK) (x, &double_sum);
      cuda_launch (two_totals, BLOCKS, BLOCK) (x, &evens, &odds);
      cuda_launch (old_value_used, BLOCKS, BLOCK) (x, &used_sum, olds);
      cuda_launch (store_after, BLOCKS, BLOCK) (x, &stored_sum, copy);
    }
  cuda_synchronize ();
  int wrong = 0;
  wrong += int_sum != 2 * sum;
  wrong += unsigned_sum != 7u + 2u * (unsigned) sum;
  wrong += ull_sum != (1ull << 40) + 2ull * (unsigned long long) sum;
  wrong += float_sum != 0.5f + 2.0f * sum;
  wrong += double_sum != -2.0 + 2.0 * sum;
  wrong += evens != 2 * even_sum || odds != 2.0 * odd_sum;
  wrong += used_sum != 2 * sum || stored_sum != 2 * sum;
  for (int i = 0; i < N; i++)
    wrong += copy[i] != x[i];
  printf ("deferred additions: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "deferred additions: 0 wrong" } */
/* { dg-cudajit-levels all } */
