/* The atomics that a block function does as plain operations, their
   address being an element of a shared array (block-shared-atomics.cc):
   add, sub, and, or and xor, through an element's address, an array
   itself, an array plus an offset and a structure's field; a signed add
   that wraps past INT_MAX, as the GPU's does; a float add; and an add
   to device memory at an index kept in shared memory, which every other
   block adds to as well, and stays atomic.  Each is checked against plain
   C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>

enum
{
  THREADS = 128,
  BLOCKS = 24,
  BINS = 8,
  RESULTS = 6,
  /* Where the signed add starts: THREADS adds take it past INT_MAX.  */
  WRAP_START = INT_MAX - THREADS / 2
};

struct cell
{
  int count;
  int unused;
};

__attribute__ ((cuda_jit)) void
mixed (const int in[BLOCKS * THREADS], int results[BLOCKS][RESULTS],
       int counts[BLOCKS][BINS], float halves[BLOCKS],
       unsigned int totals[2])
{
  static __attribute__ ((cuda_shared)) int difference[1];
  static __attribute__ ((cuda_shared)) unsigned int bits[3];
  static __attribute__ ((cuda_shared)) int wrap[1];
  static __attribute__ ((cuda_shared)) float half_sum[1];
  static __attribute__ ((cuda_shared)) struct cell cells[BINS];
  static __attribute__ ((cuda_shared)) int slot[1];
  unsigned int t = threadIdx.x;
  int v = in[cuda_grid_x ()];
  if (t == 0)
    {
      difference[0] = 0;
      bits[0] = ~0u;
      bits[1] = 0;
      bits[2] = 0;
      wrap[0] = WRAP_START;
      half_sum[0] = 0;
      slot[0] = blockIdx.x % 2;
    }
  if (t < BINS)
    cells[t].count = 0;
  cuda_syncthreads ();
  cuda_atomic_sub (difference, v);
  cuda_atomic_and (&bits[0], ~(1u << (v & 31)));
  cuda_atomic_or (bits + 1, 1u << (v & 31));
  cuda_atomic_xor (&bits[2], (unsigned int) v);
  cuda_atomic_add (&wrap[0], 1);
  cuda_atomic_add (half_sum, 0.5f * (v & 7));
  cuda_atomic_add (&cells[v & (BINS - 1)].count, 1);
  cuda_atomic_add (&totals[slot[0]], 1u);
  cuda_syncthreads ();
  if (t == 0)
    {
      unsigned int b = blockIdx.x;
      results[b][0] = difference[0];
      results[b][1] = bits[0];
      results[b][2] = bits[1];
      results[b][3] = bits[2];
      results[b][4] = wrap[0];
      halves[b] = half_sum[0];
    }
  if (t < BINS)
    counts[blockIdx.x][t] = cells[t].count;
}

int
main (void)
{
  static int in[BLOCKS * THREADS], results[BLOCKS][RESULTS],
      counts[BLOCKS][BINS];
  static float halves[BLOCKS];
  unsigned int totals[2] = { 0, 0 };
  int errors = 0;

  for (int i = 0; i < BLOCKS * THREADS; i++)
    in[i] = (i * 7919) % 1000 - 300;
  cuda_launch (mixed, BLOCKS, THREADS) (in, results, counts, halves,
                                      totals);
  cuda_synchronize ();

  for (int b = 0; b < BLOCKS; b++)
    {
      int difference = 0, bin_counts[BINS] = { 0 };
      unsigned int and_bits = ~0u, or_bits = 0, xor_bits = 0;
      unsigned int wrap = WRAP_START;
      float half_sum = 0;
      for (int t = 0; t < THREADS; t++)
        {
          int v = in[b * THREADS + t];
          difference -= v;
          and_bits &= ~(1u << (v & 31));
          or_bits |= 1u << (v & 31);
          xor_bits ^= (unsigned int) v;
          wrap++;
          half_sum += 0.5f * (v & 7);
          bin_counts[v & (BINS - 1)]++;
        }
      int expected[RESULTS - 1] = { difference, (int) and_bits, (int) or_bits,
                                    (int) xor_bits, (int) wrap };
      for (int k = 0; k < RESULTS - 1; k++)
        if (results[b][k] != expected[k])
          {
            printf ("block %d result %d: %d, not %d\n", b, k, results[b][k],
                    expected[k]);
            errors++;
          }
      if (halves[b] != half_sum)
        {
          printf ("block %d float sum: %g, not %g\n", b, halves[b], half_sum);
          errors++;
        }
      for (int k = 0; k < BINS; k++)
        if (counts[b][k] != bin_counts[k])
          {
            printf ("block %d bin %d: %d, not %d\n", b, k, counts[b][k],
                    bin_counts[k]);
            errors++;
          }
    }
  for (int k = 0; k < 2; k++)
    if (totals[k] != BLOCKS / 2 * THREADS)
      {
        printf ("total %d: %u, not %u\n", k, totals[k], BLOCKS / 2 * THREADS);
        errors++;
      }
  if (errors)
    return 1;
  puts ("ok");
  return 0;
}
/* { dg-cudajit-levels all } */
