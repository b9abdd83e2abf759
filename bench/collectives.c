/* SPDX-License-Identifier: MIT */
/* The block and warp collectives (issue 46) against the same work written
   by hand with shuffles, as CUDA C programmers write it: a block's sum
   (cuda_block_reduce against shuffles down, a shared partial a warp and
   warp 0's second stage), a warp's sum of floats and of ints
   (cuda_warp_reduce, redux.sync for ints from sm_80, against shuffles
   down), a block's inclusive scan (cuda_block_scan_inclusive against
   shuffles up, the warps' totals in shared memory, scanned by warp 0) and
   a warp's (cuda_warp_scan_inclusive against shuffles up).  Each kernel
   is timed with events as the best of RUNS runs of LAUNCHES launches,
   and its result checked against the host's.  It prints one line a pair:
   the collective's milliseconds a launch, the hand-written one's, and
   their ratio.  Without a GPU it exits with 77, unless CUDAJIT_BACKEND is
   cpu, where it times the CPU backend.  With --scale N, arrays N times
   smaller.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum
{
  COUNT = 1 << 25,
  BLOCK = 256,
  WARP = 32,
  RUNS = 5,
  LAUNCHES = 20
};

#define FULL_MASK 0xffffffffu

__attribute__ ((cuda_jit)) void
block_sum_collective (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = cuda_block_reduce (i < n ? x[i] : 0, CUDA_ADD);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = v;
}

static float
warp_sum_by_hand (float v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL_MASK, v, d);
  return v;
}

__attribute__ ((cuda_jit)) void
block_sum_by_hand (long n, const float *x, float *sums)
{
  static __attribute__ ((cuda_shared)) float partial[BLOCK / WARP];
  long i = cuda_grid_x ();
  unsigned int lane = threadIdx.x % WARP, warp = threadIdx.x / WARP;
  float v = warp_sum_by_hand (i < n ? x[i] : 0);
  if (lane == 0)
    partial[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      v = warp_sum_by_hand (lane < BLOCK / WARP ? partial[lane] : 0);
      if (lane == 0)
        sums[blockIdx.x] = v;
    }
}

__attribute__ ((cuda_jit)) void
warp_sum_collective (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = cuda_warp_reduce (i < n ? x[i] : 0, CUDA_ADD);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
warp_sum_shuffles (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = warp_sum_by_hand (i < n ? x[i] : 0);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
warp_int_sum_collective (long n, const int *x, int *sums)
{
  long i = cuda_grid_x ();
  int v = cuda_warp_reduce (i < n ? x[i] : 0, CUDA_ADD);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
warp_int_sum_shuffles (long n, const int *x, int *sums)
{
  long i = cuda_grid_x ();
  int v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL_MASK, v, d);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
block_scan_collective (long n, const int *x, int *out)
{
  long i = cuda_grid_x ();
  int v = cuda_block_scan_inclusive (i < n ? x[i] : 0, CUDA_ADD);
  if (i < n)
    out[i] = v;
}

static int
warp_scan_by_hand (int v)
{
  int lane = threadIdx.x % WARP;
  for (int d = 1; d < WARP; d *= 2)
    {
      int before = cuda_shfl_up_sync (FULL_MASK, v, d);
      if (lane >= d)
        v += before;
    }
  return v;
}

__attribute__ ((cuda_jit)) void
block_scan_by_hand (long n, const int *x, int *out)
{
  static __attribute__ ((cuda_shared)) int totals[BLOCK / WARP];
  long i = cuda_grid_x ();
  unsigned int lane = threadIdx.x % WARP, warp = threadIdx.x / WARP;
  int v = warp_scan_by_hand (i < n ? x[i] : 0);
  if (lane == WARP - 1)
    totals[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      int t = lane < BLOCK / WARP ? totals[lane] : 0;
      t = warp_scan_by_hand (t);
      if (lane < BLOCK / WARP)
        totals[lane] = t;
    }
  cuda_syncthreads ();
  if (warp > 0)
    v += totals[warp - 1];
  if (i < n)
    out[i] = v;
}

__attribute__ ((cuda_jit)) void
warp_scan_collective (long n, const int *x, int *out)
{
  long i = cuda_grid_x ();
  int v = cuda_warp_scan_inclusive (i < n ? x[i] : 0, CUDA_ADD);
  if (i < n)
    out[i] = v;
}

__attribute__ ((cuda_jit)) void
warp_scan_shuffles (long n, const int *x, int *out)
{
  long i = cuda_grid_x ();
  int v = warp_scan_by_hand (i < n ? x[i] : 0);
  if (i < n)
    out[i] = v;
}

static long count = COUNT;
static float *d_x, *d_sums, *h_x, *h_sums;
static int *d_ints, *d_out, *h_ints, *h_out;

/* The best milliseconds a launch of LAUNCH over RUNS runs.  */
#define TIME(launch, best)                                                    \
  do                                                                          \
    {                                                                         \
      cuda_event_t start = cuda_event (), stop = cuda_event ();               \
      launch;                                                                 \
      cuda_synchronize ();                                                    \
      best = INFINITY;                                                        \
      for (int run = 0; run < RUNS; run++)                                    \
        {                                                                     \
          cuda_event_record (start, NULL);                                    \
          for (int l = 0; l < LAUNCHES; l++)                                  \
            launch;                                                           \
          cuda_event_record (stop, NULL);                                     \
          cuda_event_synchronize (stop);                                      \
          float ms = cuda_event_elapsed_ms (start, stop) / LAUNCHES;          \
          best = ms < best ? ms : best;                                       \
        }                                                                     \
      cuda_event_destroy (start);                                             \
      cuda_event_destroy (stop);                                              \
    }                                                                         \
  while (0)

/* Whether the sums of each GROUP of h_x are in d_sums, within float
   rounding.  */
static int
sums_right (long group)
{
  cuda_copy_to_host (h_sums, d_sums, count / group * sizeof *h_sums);
  for (long g = 0; g < count / group; g++)
    {
      double s = 0;
      for (long i = g * group; i < (g + 1) * group; i++)
        s += h_x[i];
      if (fabs (h_sums[g] - s) > 1e-4 * (1 + fabs (s)))
        return 0;
    }
  return 1;
}

/* Whether d_out has the inclusive scans of h_ints in each GROUP.  */
static int
scans_right (long group)
{
  cuda_copy_to_host (h_out, d_out, count * sizeof *h_out);
  for (long i = 0, s = 0; i < count; i++)
    {
      s = i % group == 0 ? h_ints[i] : s + h_ints[i];
      if (h_out[i] != s)
        return 0;
    }
  return 1;
}

/* Whether d_out's first count / WARP are the sums of h_ints' warps.  */
static int
int_sums_right (void)
{
  cuda_copy_to_host (h_out, d_out, count / WARP * sizeof *h_out);
  for (long w = 0; w < count / WARP; w++)
    {
      int s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        s += h_ints[i];
      if (h_out[w] != s)
        return 0;
    }
  return 1;
}

static int failures;

static void
report (const char *name, float collective, int collective_right,
        float by_hand, int by_hand_right)
{
  printf ("%-16s %9.4f %9.4f %6.2f%s\n", name, collective, by_hand,
          collective / by_hand,
          collective_right && by_hand_right ? "" : "  WRONG RESULT");
  failures += !collective_right || !by_hand_right;
}

int
main (int argc, char **argv)
{
  const char *backend = getenv ("CUDAJIT_BACKEND");
  float a, b;
  int a_right, b_right;

  if (argc == 3 && strcmp (argv[1], "--scale") == 0 && atol (argv[2]) > 0)
    count = count / atol (argv[2]) / BLOCK * BLOCK;
  else if (argc != 1)
    {
      fprintf (stderr, "usage: %s [--scale N]\n", argv[0]);
      return 2;
    }
  const long n = count;
  if (!cuda_is_available () && !(backend && strcmp (backend, "cpu") == 0))
    {
      fputs ("bench/collectives: no GPU\n", stderr);
      return 77;
    }
  h_x = malloc (count * sizeof *h_x);
  h_sums = malloc (count * sizeof *h_sums);
  h_ints = malloc (count * sizeof *h_ints);
  h_out = malloc (count * sizeof *h_out);
  if (!h_x || !h_sums || !h_ints || !h_out)
    return 1;
  for (long i = 0; i < count; i++)
    {
      h_x[i] = (float) (i % 1000) / 1000;
      h_ints[i] = (int) (i % 7) - 3;
    }
  d_x = cuda_to_device (h_x, count * sizeof *h_x);
  d_ints = cuda_to_device (h_ints, count * sizeof *h_ints);
  d_sums = cuda_device_array (count * sizeof *d_sums);
  d_out = cuda_device_array (count * sizeof *d_out);
  printf ("%-16s %9s %9s %6s\n", "ms a launch", "collective", "by hand",
          "ratio");

  TIME (cuda_launch (block_sum_collective, n / BLOCK, BLOCK) (n, d_x, d_sums),
        a);
  a_right = sums_right (BLOCK);
  TIME (cuda_launch (block_sum_by_hand, n / BLOCK, BLOCK) (n, d_x, d_sums), b);
  b_right = sums_right (BLOCK);
  report ("block sum", a, a_right, b, b_right);

  TIME (cuda_launch (warp_sum_collective, n / BLOCK, BLOCK) (n, d_x, d_sums),
        a);
  a_right = sums_right (WARP);
  TIME (cuda_launch (warp_sum_shuffles, n / BLOCK, BLOCK) (n, d_x, d_sums), b);
  b_right = sums_right (WARP);
  report ("warp sum", a, a_right, b, b_right);

  TIME (cuda_launch (warp_int_sum_collective, n / BLOCK, BLOCK) (n, d_ints,
                                                                 d_out),
        a);
  a_right = int_sums_right ();
  TIME (
      cuda_launch (warp_int_sum_shuffles, n / BLOCK, BLOCK) (n, d_ints, d_out),
      b);
  b_right = int_sums_right ();
  report ("warp int sum", a, a_right, b, b_right);

  TIME (
      cuda_launch (block_scan_collective, n / BLOCK, BLOCK) (n, d_ints, d_out),
      a);
  a_right = scans_right (BLOCK);
  TIME (cuda_launch (block_scan_by_hand, n / BLOCK, BLOCK) (n, d_ints, d_out),
        b);
  b_right = scans_right (BLOCK);
  report ("block scan", a, a_right, b, b_right);

  TIME (
      cuda_launch (warp_scan_collective, n / BLOCK, BLOCK) (n, d_ints, d_out),
      a);
  a_right = scans_right (WARP);
  TIME (cuda_launch (warp_scan_shuffles, n / BLOCK, BLOCK) (n, d_ints, d_out),
        b);
  b_right = scans_right (WARP);
  report ("warp scan", a, a_right, b, b_right);

  cuda_free (d_x);
  cuda_free (d_ints);
  cuda_free (d_sums);
  cuda_free (d_out);
  return failures != 0;
}
