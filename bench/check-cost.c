/* SPDX-License-Identifier: MIT */
/* The cost of CUDAJIT_CHECK's checks on the CPU backend: a streaming
   kernel on host arrays, which CUDAJIT_CHECK=bounds copies, and a kernel
   whose threads wait at barriers, each timed over several launches.
   bench/check-cost.sh runs it in each mode.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define THREADS 256
#define LAUNCHES 5

__attribute__ ((cuda_jit)) void
saxpy (long n, float a, const float x[n], float y[n])
{
  long i = cuda_grid_x ();

  if (i < n)
    y[i] = a * x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
block_sums (const float *in, float *sums)
{
  static __attribute__ ((cuda_shared)) float partial[THREADS];
  unsigned int t = threadIdx.x;

  partial[t] = in[blockIdx.x * THREADS + t];
  cuda_syncthreads ();
  for (unsigned int half = THREADS / 2; half > 0; half /= 2)
    {
      if (t < half)
        partial[t] += partial[t + half];
      cuda_syncthreads ();
    }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 20;
  long blocks = n / THREADS;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  float *in = cuda_device_array (n * sizeof *in);
  float *sums = cuda_device_array (blocks * sizeof *sums);
  double start;

  for (long i = 0; i < n; i++)
    {
      x[i] = i % 7;
      y[i] = 1;
    }
  cuda_copy_to_device (in, x, n * sizeof *x);
  cuda_launch (saxpy, blocks, THREADS) (n, 2.0f, x, y);
  start = now_ms ();
  for (int i = 0; i < LAUNCHES; i++)
    cuda_launch (saxpy, blocks, THREADS) (n, 2.0f, x, y);
  printf ("streaming %.3f ms\n", (now_ms () - start) / LAUNCHES);
  cuda_launch (block_sums, blocks, THREADS) (in, sums);
  cuda_synchronize ();
  start = now_ms ();
  for (int i = 0; i < LAUNCHES; i++)
    cuda_launch (block_sums, blocks, THREADS) (in, sums);
  cuda_synchronize ();
  printf ("barrier %.3f ms\n", (now_ms () - start) / LAUNCHES);
  return 0;
}
