/* SPDX-License-Identifier: MIT */
/* What cuda_guvectorize costs against the kernel a CUDA programmer would
   write by hand for the same work: the norm of each of COUNT rows of N
   floats, "(n)->()" as Numba's layout says, one thread a row either way (a
   scalar result is an array of one).

     bench/guvectorize [COUNT [N]]

   prints the milliseconds of each, the best of ROUNDS, timed with events
   on the default stream, and hand-written / guvectorize (1 is as fast;
   the goal is 0.97 or more); and checks that both give the same norms.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  DEFAULT_COUNT = 1 << 20,
  DEFAULT_N = 64,
  ROUNDS = 10
};

static void
row_norm (int n, const float row[n], float norm[1])
{
  float sum = 0;
  for (int j = 0; j < n; j++)
    sum += row[j] * row[j];
  norm[0] = sqrtf (sum);
}

__attribute__ ((cuda_jit)) void
row_norms (long count, int n, const float *rows, float *norms)
{
  long i = cuda_grid_x ();
  if (i < count)
    {
      float sum = 0;
      for (int j = 0; j < n; j++)
        sum += rows[i * n + j] * rows[i * n + j];
      norms[i] = sqrtf (sum);
    }
}

/* The best time, in milliseconds, of ROUNDS runs of WHAT; WHAT is a
   statement.  */
#define BEST_MS(best, what)                                                   \
  do                                                                          \
    {                                                                         \
      cuda_event_t start = cuda_event (), stop = cuda_event ();               \
      best = INFINITY;                                                        \
      for (int r = 0; r < ROUNDS; r++)                                        \
        {                                                                     \
          cuda_event_record (start, NULL);                                    \
          what;                                                               \
          cuda_event_record (stop, NULL);                                     \
          cuda_event_synchronize (stop);                                      \
          float ms = cuda_event_elapsed_ms (start, stop);                     \
          if (ms < best)                                                      \
            best = ms;                                                        \
        }                                                                     \
      cuda_event_destroy (start);                                             \
      cuda_event_destroy (stop);                                              \
    }                                                                         \
  while (0)

int
main (int argc, char **argv)
{
  long count = argc > 1 ? atol (argv[1]) : DEFAULT_COUNT;
  int n = argc > 2 ? atoi (argv[2]) : DEFAULT_N;
  float *host = malloc (count * n * sizeof *host);
  float *got = malloc (count * sizeof *got),
        *want = malloc (count * sizeof *want);
  float best_gu, best_hand;

  for (long i = 0; i < count * n; i++)
    host[i] = (float) (i % 17) / 16 - 0.5f;
  float *rows = cuda_to_device (host, count * n * sizeof *host);
  float *norms = cuda_device_array (count * sizeof *norms);

  /* The first of each compiles: not timed.  */
  cuda_guvectorize (row_norm, count) (n, rows, norms);
  cuda_forall (row_norms, count) (count, n, rows, norms);
  BEST_MS (best_gu, cuda_guvectorize (row_norm, count) (n, rows, norms));
  cuda_copy_to_host (got, norms, count * sizeof *got);
  BEST_MS (best_hand, cuda_forall (row_norms, count) (count, n, rows, norms));
  cuda_copy_to_host (want, norms, count * sizeof *want);

  long wrong = 0;
  for (long i = 0; i < count; i++)
    wrong += got[i] != want[i];
  printf ("guvectorize: %ld rows of %d floats, best of %d\n", count, n,
          ROUNDS);
  printf ("  cuda_guvectorize  %8.3f ms\n", best_gu);
  printf ("  hand-written      %8.3f ms\n", best_hand);
  printf ("  hand / guvectorize %.3f (goal 0.97 or more), %ld rows differ\n",
          best_hand / best_gu, wrong);
  cuda_free (rows);
  cuda_free (norms);
  return wrong != 0;
}
