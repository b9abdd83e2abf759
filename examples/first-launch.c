/* SPDX-License-Identifier: MIT */
/* Seed 003, "Caching": the first launch of a kernel includes its
   compilation, the second does not.  cudajit keeps what NVRTC compiles in
   a disk cache, so run this twice: the first run's first launch compiles
   the kernel, the second run's loads it from the cache.  The kernel is the
   seed's go_fast, which adds the sum of the tanh of a 64x64 matrix's
   diagonal to each of its elements.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
go_fast (const double *a, double *out, long n)
{
  for (long i = cuda_grid_x (); i < n * n; i += cuda_gridsize_x ())
    {
      double trace = 0;
      for (long j = 0; j < n; j++)
        trace += tanh (a[j * n + j]);
      out[i] = a[i] + trace;
    }
}

enum
{
  N = 64
};

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (void)
{
  static double x[N * N], out[N * N];
  for (long i = 0; i < N * N; i++)
    x[i] = i;

  /* Starting the GPU is not the kernel's first launch: do it first.  */
  double *dev_x = cuda_to_device (x, sizeof x);
  double *dev_out = cuda_device_array (sizeof out);

  double start = now_ms ();
  cuda_launch (go_fast, N * N / 128, 128) (dev_x, dev_out, N);
  cuda_synchronize ();
  double first_ms = now_ms () - start;

  start = now_ms ();
  cuda_launch (go_fast, N * N / 128, 128) (dev_x, dev_out, N);
  cuda_synchronize ();
  double second_ms = now_ms () - start;

  cuda_copy_to_host (out, dev_out, sizeof out);
  cuda_free (dev_x);
  cuda_free (dev_out);

  /* The GPU's tanh may differ from the host's in the last bit.  */
  double trace = 0;
  for (long j = 0; j < N; j++)
    trace += tanh (x[j * N + j]);
  long mismatches = 0;
  for (long i = 0; i < N * N; i++)
    mismatches += fabs (out[i] - (x[i] + trace)) > 1e-12 * (x[i] + trace);

  printf ("first launch (compilation or cache included): %10.3f ms\n",
          first_ms);
  printf ("second launch:                                %10.3f ms\n",
          second_ms);
  printf ("first-launch: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
