/* Atomics on shared memory, which the CPU backend makes plain loads and
   stores, as no other host thread reaches a block's shared memory: a
   histogram privatized in each block's shared memory, then added to the
   global one; slots handed out by the old values of an atomic add; max,
   min, exchange and compare-and-swap; in a kernel cut at its barriers and
   in one whose threads run as fibers (a warp vote).  Each is checked
   against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  BINS = 16,
  THREADS = 128,
  BLOCKS = 40,
  N = 100000
};

__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned char values[n], unsigned int bins[BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  unsigned int t = threadIdx.x;
  if (t < BINS)
    local[t] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i] % BINS], 1u);
  cuda_syncthreads ();
  if (t < BINS)
    cuda_atomic_add (&bins[t], local[t]);
}

/* Each thread takes a slot of its block by an atomic add's old value,
   and records itself there; the block's largest and smallest values by
   max and min, the last thread by exchange, and a flag by
   compare-and-swap, which one thread wins.  */
__attribute__ ((cuda_jit)) void
slots (const int in[BLOCKS * THREADS], int owners[BLOCKS][THREADS],
       int results[BLOCKS][4])
{
  /* Shared memory is arrays: count, largest, smallest, last, flag.  */
  static __attribute__ ((cuda_shared)) int cell[5];
  static __attribute__ ((cuda_shared)) int taken[THREADS];
  unsigned int t = threadIdx.x;
  int value = in[cuda_grid_x ()];
  if (t == 0)
    {
      cell[0] = 0;
      cell[1] = -1000000;
      cell[2] = 1000000;
      cell[3] = -1;
      cell[4] = 0;
    }
  cuda_syncthreads ();
  int slot = cuda_atomic_add (&cell[0], 1);
  taken[slot] = t;
  cuda_atomic_max (&cell[1], value);
  cuda_atomic_min (&cell[2], value);
  cuda_atomic_exch (&cell[3], (int) t);
  int won = cuda_atomic_cas (&cell[4], 0, 1) == 0;
  cuda_syncthreads ();
  owners[blockIdx.x][t] = taken[t];
  if (t == 0)
    {
      for (int k = 0; k < 4; k++)
        results[blockIdx.x][k] = cell[k < 3 ? k + 1 : 0];
    }
  cuda_syncthreads ();
  if (won)
    cuda_atomic_add (&results[blockIdx.x][3], 1000);
}

/* The same counting, in a kernel whose threads run as fibers.  */
__attribute__ ((cuda_jit)) void
voting_count (const int in[BLOCKS * THREADS], int counts[BLOCKS])
{
  static __attribute__ ((cuda_shared)) int count[1];
  if (threadIdx.x == 0)
    count[0] = 0;
  cuda_syncthreads ();
  int positive = in[cuda_grid_x ()] > 0;
  if (cuda_any_sync (0xffffffffu, positive) && positive)
    cuda_atomic_add (&count[0], 1);
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    counts[blockIdx.x] = count[0];
}

int
main (void)
{
  static unsigned char values[N];
  static unsigned int bins[BINS], expected_bins[BINS];
  static int in[BLOCKS * THREADS], owners[BLOCKS][THREADS];
  static int results[BLOCKS][4], counts[BLOCKS];
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      values[i] = (i * 2654435761u) >> 13;
      expected_bins[values[i] % BINS]++;
    }
  cuda_launch (histogram, BLOCKS, THREADS) (N, values, bins);
  errors += memcmp (bins, expected_bins, sizeof bins) != 0;

  for (int i = 0; i < BLOCKS * THREADS; i++)
    in[i] = (i * 7919) % 1001 - 500;
  cuda_launch (slots, BLOCKS, THREADS) (in, owners, results);
  for (int b = 0; b < BLOCKS; b++)
    {
      int seen[THREADS] = { 0 }, largest = -1000000, smallest = 1000000;
      for (int t = 0; t < THREADS; t++)
        {
          int owner = owners[b][t];
          errors += owner < 0 || owner >= THREADS || seen[owner]++;
          int value = in[b * THREADS + t];
          largest = value > largest ? value : largest;
          smallest = value < smallest ? value : smallest;
        }
      errors += results[b][0] != largest || results[b][1] != smallest;
      errors += results[b][2] < 0 || results[b][2] >= THREADS;
      errors += results[b][3] != THREADS + 1000;
    }

  cuda_launch (voting_count, BLOCKS, THREADS) (in, counts);
  for (int b = 0; b < BLOCKS; b++)
    {
      int positive = 0;
      for (int t = 0; t < THREADS; t++)
        positive += in[b * THREADS + t] > 0;
      errors += counts[b] != positive;
    }

  printf ("shared atomics: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared atomics: 0 errors" } */
/* { dg-cudajit-levels all } */
