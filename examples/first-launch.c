/* SPDX-License-Identifier: MIT */
/* Seed 003, "Caching": go_fast adds the sum of the tanh of a 64 x 64
   matrix's diagonal to each of its elements, and the first call is timed
   with its compilation, the second without.  Here go_fast is a kernel, one
   thread an element, each summing the diagonal as the seed's loop does.
   cudajit keeps what NVRTC compiles in a disk cache, so run this twice:
   the first run's first launch compiles the kernel, the second run's
   loads it from the cache.  The host arrays go to the kernel as they are,
   as the seed passes x.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
go_fast (int n, const double a[n][n], double out[n][n])
{
  double trace = 0.0;
  for (int i = 0; i < n; i++)
    trace += tanh (a[i][i]);
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < n && y < n)
    out[x][y] = a[x][y] + trace;
}

enum
{
  N = 64,
  BLOCK = 16
};

static double
time_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main (void)
{
  static double x[N][N], out[N][N];
  for (int i = 0; i < N * N; i++)
    x[i / N][i % N] = i;
  cuda_dim3 blocks = cuda_dim3 (N / BLOCK, N / BLOCK);
  cuda_dim3 threads = cuda_dim3 (BLOCK, BLOCK);

  /* Starting the GPU is not the kernel's compilation: do it first.  */
  cuda_is_available ();

  /* Compilation time included in the first execution.  */
  double start = time_s ();
  cuda_launch (go_fast, blocks, threads) (N, x, out);
  double end = time_s ();
  printf ("Elapsed (with compilation) = %.16gms\n", (end - start) * 1000);

  /* The seed's second cell says "with compilation" again, by a slip of
     its copy: this is the one without.  */
  start = time_s ();
  cuda_launch (go_fast, blocks, threads) (N, x, out);
  end = time_s ();
  printf ("Elapsed (after compilation) = %.16gms\n", (end - start) * 1000);

  /* The GPU's tanh may differ from the host's in the last bit.  */
  double trace = 0.0;
  for (int i = 0; i < N; i++)
    trace += tanh (x[i][i]);
  long mismatches = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      mismatches
          += fabs (out[i][j] - (x[i][j] + trace)) > 1e-12 * (x[i][j] + trace);
  printf ("first-launch: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
