/* Barriers under conditions that may differ between the threads of a
   block: each thread must take its own way, as on a GPU, whatever the
   optimization level: both arms of a branch with barriers, one arm only,
   a branch through a variable, a loop bound read from memory.  The CPU backend cuts a kernel at its barriers
   only where their conditions are the same for the whole block; here
   its threads run as fibers.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 32,
  HALF = THREADS / 2,
  ROUNDS = 3
};

/* A barrier in both arms of a branch on the thread: each half writes its
   words, waits, and reads the other half's.  */
__attribute__ ((cuda_jit)) void
both_arms (int out[THREADS])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  int t = threadIdx.x;
  if (t < HALF)
    {
      s[t] = 1;
      cuda_syncthreads ();
      out[t] = s[t + HALF];
    }
  else
    {
      s[t] = 2;
      cuda_syncthreads ();
      out[t] = s[t - HALF];
    }
}

/* The same through a variable that the thread's index decides.  */
__attribute__ ((cuda_jit)) void
through_data (int out[THREADS])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  int t = threadIdx.x;
  int low = t < HALF;
  if (low)
    {
      s[t] = 10 + t;
      cuda_syncthreads ();
      out[t] = s[t + HALF];
    }
  else
    {
      s[t] = 20 + t;
      cuda_syncthreads ();
      out[t] = s[t - HALF];
    }
}

/* A barrier in one arm only: the threads of the other arm end without
   reaching it, and those that wait there go on, as on a GPU (the H100
   gives the same answer, for one warp and for two).  */
__attribute__ ((cuda_jit)) void
one_arm (int out[2 * THREADS])
{
  static __attribute__ ((cuda_shared)) int s[2 * THREADS];
  int t = threadIdx.x;
  if (t < HALF)
    {
      s[t] = t;
      cuda_syncthreads ();
      out[t] = s[HALF - 1 - t];
    }
  else
    out[t] = -1;
}

/* A barrier in a loop whose bound each thread reads from memory: the
   same for all, but not known to be.  */
__attribute__ ((cuda_jit)) void
loaded_bound (const int rounds[THREADS], int out[THREADS])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  int t = threadIdx.x, sum = 0;
  s[t] = t;
  for (int r = 0; r < rounds[t]; r++)
    {
      cuda_syncthreads ();
      sum += s[(t + 1) % THREADS];
      cuda_syncthreads ();
      s[t] = sum;
    }
  out[t] = sum;
}

int
main (void)
{
  int out[THREADS], rounds[THREADS], errors = 0;

  cuda_launch (both_arms, 1, THREADS) (out);
  for (int t = 0; t < THREADS; t++)
    errors += out[t] != (t < HALF ? 2 : 1);

  cuda_launch (through_data, 1, THREADS) (out);
  for (int t = 0; t < THREADS; t++)
    errors += out[t] != (t < HALF ? 20 + t + HALF : 10 + t - HALF);

  int wide[2 * THREADS];
  for (int threads = THREADS; threads <= 2 * THREADS; threads += THREADS)
    {
      cuda_launch (one_arm, 1, threads) (wide);
      for (int t = 0; t < threads; t++)
        errors += wide[t] != (t < HALF ? HALF - 1 - t : -1);
    }

  /* Each round adds the next thread's sum of the round before.  */
  int want[THREADS], next[THREADS];
  for (int t = 0; t < THREADS; t++)
    {
      rounds[t] = ROUNDS;
      want[t] = t;
    }
  int sums[THREADS] = { 0 };
  for (int r = 0; r < ROUNDS; r++)
    {
      for (int t = 0; t < THREADS; t++)
        next[t] = sums[t] + want[(t + 1) % THREADS];
      for (int t = 0; t < THREADS; t++)
        want[t] = sums[t] = next[t];
    }
  cuda_launch (loaded_bound, 1, THREADS) (rounds, out);
  for (int t = 0; t < THREADS; t++)
    errors += out[t] != sums[t];

  printf ("%s\n", errors ? "FAIL" : "divergent barriers ok");
  return errors != 0;
}

/* { dg-output "divergent barriers ok" } */
/* { dg-cudajit-levels all } */
