/* SPDX-License-Identifier: MIT */
/* What a short-lived device array costs: cuda_device_array and cuda_free
   (cuMemAlloc and cuMemFree on a GPU) against cuda_device_array_async and
   cuda_free_async on a stream (the driver's stream-ordered pool), for
   arrays of several sizes, alone and around a kernel that uses each one.

     bench/alloc-cost [ROUNDS]

   prints, for each size, the microseconds of one allocation and free of
   each kind, the median of 5 runs of ROUNDS (1000) each, and their
   ratio.  It runs on the CPU backend too, where both kinds map and unmap
   memory alike.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  RUNS = 5,
  DEFAULT_ROUNDS = 1000
};

__attribute__ ((cuda_jit)) void
touch (long n, float *x)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = (float) i;
}

static double
now_us (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median over RUNS of the microseconds of one of ROUNDS allocations
   of BYTES from the pool if ASYNC, else from cuda_device_array, each
   used by a kernel if USED.  */
static double
time_allocations (size_t bytes, int rounds, int async, int used,
                  cuda_stream_t stream)
{
  double times[RUNS];
  long n = bytes / sizeof (float);
  for (int run = 0; run < RUNS; run++)
    {
      cuda_synchronize ();
      double start = now_us ();
      for (int r = 0; r < rounds; r++)
        {
          float *x = async ? cuda_device_array_async (bytes, stream)
                           : cuda_device_array (bytes);
          if (used)
            cuda_forall (touch, n, .stream = stream) (n, x);
          if (async)
            cuda_free_async (x, stream);
          else
            cuda_free (x);
        }
      cuda_stream_synchronize (stream);
      times[run] = (now_us () - start) / rounds;
    }
  qsort (times, RUNS, sizeof *times, compare);
  return times[RUNS / 2];
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : DEFAULT_ROUNDS;
  static const size_t sizes[] = { 4096, 1 << 20, 64 << 20 };
  cuda_stream_t stream = cuda_stream ();

  printf ("alloc-cost on %s, %d rounds, medians of %d runs\n",
          cuda_is_available () ? "the GPU" : "the CPU backend", rounds, RUNS);
  printf ("%10s %6s %14s %14s %7s\n", "bytes", "kernel", "cuda_device_array",
          "_async (pool)", "ratio");
  /* Once, so that neither the pool's first growth nor the kernel's
     compilation is timed.  */
  time_allocations (sizes[0], 1, 1, 1, stream);
  for (unsigned int s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (int used = 0; used <= 1; used++)
      {
        double plain = time_allocations (sizes[s], rounds, 0, used, stream);
        double pooled = time_allocations (sizes[s], rounds, 1, used, stream);
        printf ("%10zu %6s %11.2f us %11.2f us %7.2f\n", sizes[s],
                used ? "yes" : "no", plain, pooled, plain / pooled);
      }
  cuda_stream_destroy (stream);
  return 0;
}
