/* SPDX-License-Identifier: MIT */
/* cuda_reduce of a sum of 64 M doubles in device memory, the result on
   the host, timed by events around the call (which returns when the
   result is on the host), best of REPEATS after a warm-up.  Run beside
   bench/reduce-nvcc.cu, the two-pass reduction written by hand in CUDA C,
   and bench/reduce-sum-numba.py, Numba's cuda.reduce.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  REPEATS = 20
};

static double
sum (double a, double b)
{
  return a + b;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 64L << 20;
  double *host = malloc (n * sizeof *host);
  double expected = 0;
  for (long i = 0; i < n; i++)
    {
      host[i] = i & 1023;
      expected += host[i];
    }
  double *dev = cuda_to_device (host, n * sizeof *host);
  cuda_event_t start = cuda_event (), stop = cuda_event ();
  float best = INFINITY;
  double result = 0;
  for (int r = 0; r <= REPEATS; r++)
    {
      cuda_event_record (start, 0);
      result = cuda_reduce (sum, dev, n);
      cuda_event_record (stop, 0);
      cuda_event_synchronize (stop);
      if (r > 0 && cuda_event_elapsed_ms (start, stop) < best)
        best = cuda_event_elapsed_ms (start, stop);
    }
  printf ("reduce-sum: cuda_reduce of %ld doubles: %.4f ms%s\n", n, best,
          result == expected ? "" : " (WRONG RESULT)");
  cuda_free (dev);
  free (host);
  return result != expected;
}
