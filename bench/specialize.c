/* SPDX-License-Identifier: MIT */
/* What specialization gains (the manual's Specialization): kernels whose loop
   bounds and strides are parameters, timed once the variants that their
   repeated launches queue are ready.  bench/specialize.sh runs it with
   CUDAJIT_SPECIALIZE=0 and on, and prints the ratios; by hand:

     CUDAJIT_SPECIALIZE=0 bench/specialize; bench/specialize

   Each kernel is launched WARM_ROUNDS times with pauses, so that the
   background thread compiles its variant and the launches switch to it,
   then timed as the best of RUNS runs of LAUNCHES launches, each checked
   against the host.  It prints one line a kernel: its name and the
   milliseconds of a launch.  Without a GPU it exits with 77.  */

#define _POSIX_C_SOURCE 200809L

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  WARM_ROUNDS = 20,
  RUNS = 5,
  LAUNCHES = 20,
  /* The stencil: a grid of GRID x GRID, radius RADIUS.  */
  GRID = 4096,
  RADIUS = 4,
  /* The matrix product: N x N, in tiles of TILE x TILE.  */
  N = 2048,
  TILE = 16,
  /* The reduction: COUNT elements, in blocks of REDUCE_BLOCK.  */
  COUNT = 1 << 24,
  REDUCE_BLOCK = 256
};

/* A star stencil of radius R on a W x H grid of row stride PITCH.  */
__attribute__ ((cuda_jit)) void
stencil (int w, int h, int pitch, int r, const float *in, float *out)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < r || y < r || x >= w - r || y >= h - r)
    return;
  float sum = in[y * pitch + x];
  for (int k = 1; k <= r; k++)
    sum += in[y * pitch + x + k] + in[y * pitch + x - k]
           + in[(y + k) * pitch + x] + in[(y - k) * pitch + x];
  out[y * pitch + x] = sum / (4 * r + 1);
}

/* C = A B for N x N matrices, in tiles of the block's size.  */
__attribute__ ((cuda_jit)) void
matmul (int n, const float *a, const float *b, float *c)
{
  static __attribute__ ((cuda_shared)) float ta[32][32], tb[32][32];
  int tx = threadIdx.x, ty = threadIdx.y, tile = blockDim.x;
  int row = blockIdx.y * tile + ty, col = blockIdx.x * tile + tx;
  float sum = 0;
  for (int t = 0; t < n; t += tile)
    {
      ta[ty][tx] = a[row * n + t + tx];
      tb[ty][tx] = b[(t + ty) * n + col];
      cuda_syncthreads ();
      for (int k = 0; k < tile; k++)
        sum += ta[ty][k] * tb[k][tx];
      cuda_syncthreads ();
    }
  c[row * n + col] = sum;
}

/* Each block's sum of its part of X, STRIDE apart, into PARTIAL.  */
__attribute__ ((cuda_jit)) void
block_sums (int count, int stride, const float *x, float *partial)
{
  static __attribute__ ((cuda_shared)) float s[1024];
  float sum = 0;
  for (long i = (long) blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += (long) gridDim.x * blockDim.x)
    sum += x[i * stride % count];
  s[threadIdx.x] = sum;
  cuda_syncthreads ();
  for (unsigned int half = blockDim.x / 2; half > 0; half /= 2)
    {
      if (threadIdx.x < half)
        s[threadIdx.x] += s[threadIdx.x + half];
      cuda_syncthreads ();
    }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0];
}

static double
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static float *in, *out, *a, *b, *c, *x, *partial;
static const int reduce_blocks = 1024;

static void
run_stencil (void)
{
  cuda_launch (stencil, cuda_dim3 ((GRID + 31) / 32, (GRID + 7) / 8),
               cuda_dim3 (32, 8)) (GRID, GRID, GRID, RADIUS, in, out);
}

static void
run_matmul (void)
{
  cuda_launch (matmul, cuda_dim3 (N / TILE, N / TILE),
               cuda_dim3 (TILE, TILE)) (N, a, b, c);
}

static void
run_reduce (void)
{
  cuda_launch (block_sums, reduce_blocks, REDUCE_BLOCK) (COUNT, 1, x, partial);
}

static int
check_stencil (void)
{
  int y = GRID / 2, xs = GRID / 3;
  float sum = in[y * GRID + xs];
  for (int k = 1; k <= RADIUS; k++)
    sum += in[y * GRID + xs + k] + in[y * GRID + xs - k]
           + in[(y + k) * GRID + xs] + in[(y - k) * GRID + xs];
  return fabsf (out[y * GRID + xs] - sum / (4 * RADIUS + 1)) < 1e-4f;
}

static int
check_matmul (void)
{
  int i = N / 3, j = N / 5;
  double sum = 0;
  for (int k = 0; k < N; k++)
    sum += (double) a[i * N + k] * b[k * N + j];
  return fabs (c[i * N + j] - sum) < 1e-2 * fabs (sum) + 1e-3;
}

static int
check_reduce (void)
{
  double got = 0, want = 0;
  for (int i = 0; i < reduce_blocks; i++)
    got += partial[i];
  for (int i = 0; i < COUNT; i++)
    want += x[i];
  return fabs (got - want) < 1e-3 * want;
}

static int
bench (const char *name, void (*run) (void), int (*check) (void))
{
  struct timespec pause = { 0, 50 * 1000 * 1000 };
  double best = INFINITY;

  for (int i = 0; i < WARM_ROUNDS; i++)
    {
      run ();
      cuda_synchronize ();
      nanosleep (&pause, NULL);
    }
  for (int r = 0; r < RUNS; r++)
    {
      double start = now_ms ();
      for (int i = 0; i < LAUNCHES; i++)
        run ();
      cuda_synchronize ();
      double ms = (now_ms () - start) / LAUNCHES;
      if (ms < best)
        best = ms;
    }
  if (!check ())
    {
      printf ("%s: wrong result\n", name);
      return 1;
    }
  printf ("%s %.4f\n", name, best);
  return 0;
}

int
main (void)
{
  if (!cuda_is_available ())
    {
      fputs ("bench/specialize: no GPU\n", stderr);
      return 77;
    }
  in = cuda_managed_array ((size_t) GRID * GRID * sizeof *in);
  out = cuda_managed_array ((size_t) GRID * GRID * sizeof *out);
  a = cuda_managed_array ((size_t) N * N * sizeof *a);
  b = cuda_managed_array ((size_t) N * N * sizeof *b);
  c = cuda_managed_array ((size_t) N * N * sizeof *c);
  x = cuda_managed_array ((size_t) COUNT * sizeof *x);
  partial = cuda_managed_array (reduce_blocks * sizeof *partial);
  for (long i = 0; i < (long) GRID * GRID; i++)
    in[i] = (float) (i % 97) / 97;
  for (long i = 0; i < (long) N * N; i++)
    {
      a[i] = (float) (i % 13) / 13;
      b[i] = (float) (i % 7) / 7;
    }
  for (long i = 0; i < COUNT; i++)
    x[i] = (float) (i % 5);
  int failed = bench ("stencil", run_stencil, check_stencil)
               + bench ("matmul", run_matmul, check_matmul)
               + bench ("reduce", run_reduce, check_reduce);
  cuda_free_managed (in);
  cuda_free_managed (out);
  cuda_free_managed (a);
  cuda_free_managed (b);
  cuda_free_managed (c);
  cuda_free_managed (x);
  cuda_free_managed (partial);
  return failed ? 1 : 0;
}
