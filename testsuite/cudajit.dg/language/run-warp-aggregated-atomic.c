/* The warp-aggregated atomic, CUDA's idiom for a filter: in a branch
   that only some lanes take, the lanes that took it (cuda_activemask)
   elect the lowest as leader, which adds their count to the counter once
   for the warp; a shuffle from the leader gives each lane the base of
   its slots.  In the kernel, then with a barrier after the branch, and
   in a device function called in a grid-stride loop whose lanes go round
   different numbers of times (NVIDIA's atomicAggInc).  The counter and
   the values kept are compared with plain C's; the order of the values
   is the GPU's to choose, so they are compared sorted.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum
{
  N = 2000,
  THREADS = 256,
  THRESHOLD = 500,
  BLOCKS = (N + THREADS - 1) / THREADS
};

__attribute__ ((cuda_jit)) void
filter (long n, const int x[n], int threshold, int counter[1], int out[n])
{
  long i = cuda_grid_x ();

  if (i < n && x[i] > threshold)
    {
      unsigned int mask = cuda_activemask ();
      int leader = __builtin_ffs (mask) - 1;
      int count = __builtin_popcount (mask);
      int rank = __builtin_popcount (mask & cuda_lanemask_lt ());
      int base = 0;
      if (cuda_laneid () == leader)
        base = cuda_atomic_add (counter, count);
      base = cuda_shfl_sync (mask, base, leader);
      out[base + rank] = x[i];
    }
}

/* The same, then a barrier that every thread of the block reaches,
   after which thread 0 writes the block's count, which the leaders added
   up in shared memory.  */
__attribute__ ((cuda_jit)) void
filter_then_sync (long n, const int x[n], int threshold, int counter[1],
                  int out[n], long blocks, int block_counts[blocks])
{
  static __attribute__ ((cuda_shared)) int kept[1];
  long i = cuda_grid_x ();

  if (threadIdx.x == 0)
    kept[0] = 0;
  cuda_syncthreads ();
  if (i < n && x[i] > threshold)
    {
      unsigned int mask = cuda_activemask ();
      int leader = __builtin_ffs (mask) - 1;
      int count = __builtin_popcount (mask);
      int rank = __builtin_popcount (mask & cuda_lanemask_lt ());
      int base = 0;
      if (cuda_laneid () == leader)
        {
          base = cuda_atomic_add (counter, count);
          cuda_atomic_add (&kept[0], count);
        }
      base = cuda_shfl_sync (mask, base, leader);
      out[base + rank] = x[i];
    }
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    block_counts[blockIdx.x] = kept[0];
}

static __attribute__ ((cuda_device)) int
aggregated_increment (int *counter)
{
  unsigned int active = cuda_activemask ();
  int leader = __builtin_ffs (active) - 1;
  int change = __builtin_popcount (active);
  unsigned int rank = __builtin_popcount (active & cuda_lanemask_lt ());
  int warp_result = 0;

  if (rank == 0)
    warp_result = cuda_atomic_add (counter, change);
  warp_result = cuda_shfl_sync (active, warp_result, leader);
  return warp_result + rank;
}

__attribute__ ((cuda_jit)) void
filter_strided (long n, const int x[n], int threshold, int counter[1],
                int out[n])
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    if (x[i] > threshold)
      out[aggregated_increment (counter)] = x[i];
}

static int
compare (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* Whether OUT holds, as COUNTER says, the COUNT elements above the
   threshold, which are KEPT, sorted; says what differs as NAME.  */
static int
check (const char *name, int counter, int out[N], const int kept[N],
       int count)
{
  if (counter != count)
    {
      printf ("%s: counted %d, not %d\n", name, counter, count);
      return 1;
    }
  qsort (out, count, sizeof *out, compare);
  if (memcmp (out, kept, count * sizeof *out) != 0)
    {
      printf ("%s: other values\n", name);
      return 1;
    }
  return 0;
}

int
main (void)
{
  static int x[N], out[N], kept[N], block_counts[BLOCKS];
  int count = 0, errors = 0;
  unsigned int seed = 7;

  for (int i = 0; i < N; i++)
    {
      seed = seed * 1103515245 + 12345;
      x[i] = (seed >> 16) % 1000;
      if (x[i] > THRESHOLD)
        kept[count++] = x[i];
    }
  qsort (kept, count, sizeof *kept, compare);

  int counter[1] = { 0 };
  cuda_launch (filter, BLOCKS, THREADS) (N, x, THRESHOLD, counter, out);
  errors += check ("filter", counter[0], out, kept, count);
  counter[0] = 0;
  cuda_launch (filter_then_sync, BLOCKS, THREADS) (N, x, THRESHOLD, counter,
                                                   out, BLOCKS, block_counts);
  errors += check ("filter_then_sync", counter[0], out, kept, count);
  for (int b = 0; b < BLOCKS; b++)
    {
      int want = 0;
      for (int i = b * THREADS; i < N && i < (b + 1) * THREADS; i++)
        want += x[i] > THRESHOLD;
      if (block_counts[b] != want)
        {
          printf ("filter_then_sync: block %d counted %d, not %d\n", b,
                  block_counts[b], want);
          errors++;
        }
    }
  counter[0] = 0;
  cuda_launch (filter_strided, 3, 96) (N, x, THRESHOLD, counter, out);
  errors += check ("filter_strided", counter[0], out, kept, count);
  printf ("%s\n", errors ? "FAIL" : "aggregated atomics ok");
  return errors != 0;
}

/* { dg-output "aggregated atomics ok" } */
/* { dg-cudajit-levels all } */
