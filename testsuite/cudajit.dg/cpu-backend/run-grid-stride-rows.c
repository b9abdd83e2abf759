/* Grid-stride loops between barriers, which the CPU backend runs row by
   row (each row of the block's threads in a loop over the threads) where
   the loop is the same for every thread, and thread by thread where it is
   not; and, where the kernel only adds up what the loop counts in shared
   memory, as a contiguous share of the iterations for each block.  Each
   kernel is checked against plain C that runs its threads one after
   another as written: a shared-memory histogram, in launches of one and
   two dimensions, and with an unsigned index; histograms whose blocks' counts show, which must keep
   each block's iterations (counts weighted by the block, all blocks'
   but the first, and each block's own histogram); ends that are not
   multiples of the stride; strides that are not multiples of the block,
   smaller than the block, and a parameter; a per-thread sum carried
   across the barriers; and loops that must keep each thread's order: a
   break, an end that depends on the thread, a stride that depends on the
   thread, and an index that the body moves.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  MAX = 6000,
  BINS = 64,
  BLOCKS = 5,
  THREADS = 96,
  GRID = BLOCKS * THREADS
};

__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned char values[MAX], unsigned int bins[BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    cuda_atomic_add (&bins[b], local[b]);
}

/* The same with an unsigned index and end.  */
__attribute__ ((cuda_jit)) void
histogram_unsigned (unsigned int n, const unsigned char values[MAX],
                    unsigned int bins[BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (unsigned int i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    cuda_atomic_add (&bins[b], local[b]);
}

/* Each block's counts weighted by the block: which block ran which
   iteration shows.  */
__attribute__ ((cuda_jit)) void
weighted_histogram (long n, const unsigned char values[MAX],
                    unsigned int bins[BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    cuda_atomic_add (&bins[b], local[b] * (blockIdx.x + 1));
}

/* The counts of every block but the first, which a variable set before
   the loop tells.  */
__attribute__ ((cuda_jit)) void
partial_histogram (long n, const unsigned char values[MAX],
                   unsigned int bins[BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  int counted = blockIdx.x != 0;
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  if (counted)
    for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
      cuda_atomic_add (&bins[b], local[b]);
}

/* Each block's histogram of its own.  */
__attribute__ ((cuda_jit)) void
block_histograms (long n, const unsigned char values[MAX],
                  unsigned int bins[BLOCKS * BINS])
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    bins[blockIdx.x * BINS + b] = local[b];
}

/* Visits of each index by each block, with a stride that the caller
   chooses, after a barrier so that each thread must run its own loop.  */
__attribute__ ((cuda_jit)) void
visits_by_step (long n, long step, int visits[MAX * BLOCKS])
{
  static __attribute__ ((cuda_shared)) int started[1];
  if (threadIdx.x == 0)
    started[0] = 1;
  cuda_syncthreads ();
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n;
       i += step)
    cuda_atomic_add (&visits[i * BLOCKS + blockIdx.x], started[0]);
}

/* Each thread's sum of its indices, kept across the barriers.  */
__attribute__ ((cuda_jit)) void
thread_sums (long n, const int x[MAX], long sums[GRID])
{
  long sum = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    sum += x[i];
  cuda_syncthreads ();
  sums[cuda_grid_x ()] = sum;
}

/* Loops whose threads do not run the same rows.  Each adds the turn at
   which its thread reached each index (threads may meet at an index), so
   that a change of order in a thread shows.  */
__attribute__ ((cuda_jit)) void
irregular (long n, int kind, int turns[MAX])
{
  cuda_syncthreads ();
  int turn = 0;
  switch (kind)
    {
    case 0: /* A break.  */
      for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
        {
          if (i % 13 == 12)
            break;
          cuda_atomic_add (&turns[i], ++turn);
        }
      break;
    case 1: /* An end that depends on the thread.  */
      for (long i = cuda_grid_x (); i < n - (long) threadIdx.x;
           i += cuda_gridsize_x ())
        cuda_atomic_add (&turns[i], ++turn);
      break;
    case 2: /* A stride that depends on the thread.  */
      for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x () + threadIdx.x)
        cuda_atomic_add (&turns[i], ++turn);
      break;
    default: /* An index that the body moves.  */
      for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
        {
          cuda_atomic_add (&turns[i], ++turn);
          i += i % 5 == 0;
        }
    }
  cuda_syncthreads ();
}

static unsigned char values[MAX];
static unsigned int bins[BLOCKS * BINS], expected_bins[BLOCKS * BINS];
static int visits[MAX * BLOCKS], expected_visits[MAX * BLOCKS];
static int x[MAX], turns[MAX], expected_turns[MAX];
static long sums[GRID], expected_sums[GRID];

/* The threads of irregular, one after another.  */
static void
irregular_in_c (long n, int kind)
{
  memset (expected_turns, 0, sizeof expected_turns);
  for (long g = 0; g < GRID; g++)
    {
      int turn = 0;
      long t = g % THREADS;
      for (long i = g; i < n - (kind == 1 ? t : 0);
           i += GRID + (kind == 2 ? t : 0))
        {
          if (kind == 0 && i % 13 == 12)
            break;
          expected_turns[i] += ++turn;
          if (kind == 3)
            i += i % 5 == 0;
        }
    }
}

int
main (void)
{
  static const long ends[] = { 0, 1, GRID - 1, GRID, GRID + 1, 4321, MAX };
  static const long steps[] = { GRID, THREADS, THREADS / 2, THREADS + 7,
                                GRID + 50 };
  int errors = 0;

  for (long i = 0; i < MAX; i++)
    {
      values[i] = (i * 2654435761u >> 11) % BINS;
      x[i] = (int) (i * 7 % 101) - 50;
    }

  for (unsigned int e = 0; e < sizeof ends / sizeof *ends; e++)
    {
      long n = ends[e];

      memset (bins, 0, sizeof bins);
      memset (expected_bins, 0, sizeof expected_bins);
      cuda_launch (histogram, BLOCKS, THREADS) (n, values, bins);
      for (long i = 0; i < n; i++)
        expected_bins[values[i]]++;
      errors += memcmp (bins, expected_bins, sizeof bins) != 0;

      memset (bins, 0, sizeof bins);
      cuda_launch (histogram_unsigned, BLOCKS, THREADS) (n, values, bins);
      errors += memcmp (bins, expected_bins, sizeof bins) != 0;

      /* Each index counted by the 2 threads on y of 2 blocks on y, and
         each count added by both threads on y.  */
      memset (bins, 0, sizeof bins);
      cuda_launch (histogram, cuda_dim3 (BLOCKS, 2), cuda_dim3 (THREADS, 2))
          (n, values, bins);
      for (long b = 0; b < BINS; b++)
        errors += bins[b] != 8 * expected_bins[b];

      memset (bins, 0, sizeof bins);
      memset (expected_bins, 0, sizeof expected_bins);
      cuda_launch (weighted_histogram, BLOCKS, THREADS) (n, values, bins);
      for (long i = 0; i < n; i++)
        expected_bins[values[i]] += i % GRID / THREADS + 1;
      errors += memcmp (bins, expected_bins, sizeof bins) != 0;

      memset (bins, 0, sizeof bins);
      memset (expected_bins, 0, sizeof expected_bins);
      cuda_launch (partial_histogram, BLOCKS, THREADS) (n, values, bins);
      for (long i = 0; i < n; i++)
        expected_bins[values[i]] += i % GRID >= THREADS;
      errors += memcmp (bins, expected_bins, sizeof bins) != 0;

      memset (expected_bins, 0, sizeof expected_bins);
      cuda_launch (block_histograms, BLOCKS, THREADS) (n, values, bins);
      for (long i = 0; i < n; i++)
        expected_bins[i % GRID / THREADS * BINS + values[i]]++;
      errors += memcmp (bins, expected_bins, sizeof bins) != 0;

      for (unsigned int s = 0; s < sizeof steps / sizeof *steps; s++)
        {
          memset (visits, 0, sizeof visits);
          memset (expected_visits, 0, sizeof expected_visits);
          cuda_launch (visits_by_step, BLOCKS, THREADS) (n, steps[s], visits);
          for (long g = 0; g < GRID; g++)
            for (long i = g; i < n; i += steps[s])
              expected_visits[i * BLOCKS + g / THREADS]++;
          errors += memcmp (visits, expected_visits, sizeof visits) != 0;
        }

      cuda_launch (thread_sums, BLOCKS, THREADS) (n, x, sums);
      for (long g = 0; g < GRID; g++)
        {
          expected_sums[g] = 0;
          for (long i = g; i < n; i += GRID)
            expected_sums[g] += x[i];
        }
      errors += memcmp (sums, expected_sums, sizeof sums) != 0;

      for (int kind = 0; kind < 4; kind++)
        {
          memset (turns, 0, sizeof turns);
          cuda_launch (irregular, BLOCKS, THREADS) (n, kind, turns);
          irregular_in_c (n, kind);
          errors += memcmp (turns, expected_turns, sizeof turns) != 0;
        }
    }

  printf ("grid-stride rows: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "grid-stride rows: 0 errors" } */
/* { dg-cudajit-levels all } */
