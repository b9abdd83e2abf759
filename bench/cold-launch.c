/* SPDX-License-Identifier: MIT */
/* The first launch of one kernel of a unit of nine, in a new process
   with nothing in the kernel cache, against NVRTC compiling that kernel
   alone, as written by hand in CUDA C.

     bench/cold-launch [nvrtc]

   prints the time of the first launch of saxpy, compilation included
   (with CUDAJIT_CACHE_DIR naming an empty directory, that of the first
   launch cold; run again, warm), or, with nvrtc, the time that loading
   NVRTC and compiling saxpy alone take in this process, with the options
   cudajit gives NVRTC.  bench/cold-launch.sh runs both in
   fresh processes and prints medians and ratios.  Without a GPU it exits
   with 77.  */

#include <cudajit.h>
#include <math.h>
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
  N = 1 << 20,
  TILE = 32
};

__attribute__ ((cuda_jit)) void
saxpy (int n, float a, const float *x, float *y)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = a * x[i] + y[i];
}

/* The other eight, which the first launch of saxpy need not compile.  */

__attribute__ ((cuda_jit)) void
double_it (int n, const double *in, double *out)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = 2 * in[i];
}

__attribute__ ((cuda_jit)) void
add_grid_stride (int n, const float *x, const float *y, float *out)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
gaussian_pdf (int n, const float *x, float *out, float mean, float sigma)
{
  int i = cuda_grid_x ();
  if (i < n)
    {
      float z = (x[i] - mean) / sigma;
      out[i] = expf (-0.5f * z * z) / (sigma * sqrtf (2 * 3.14159265f));
    }
}

__attribute__ ((cuda_jit)) void
transpose (int n, const float *in, float *out)
{
  int x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

__attribute__ ((cuda_jit)) void
tile_transpose (int n, const float *in, float *out)
{
  static __attribute__ ((cuda_shared)) float tile[TILE][TILE + 1];
  int x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__attribute__ ((cuda_jit)) void
block_sum (int n, const double *x, double *sums)
{
  static __attribute__ ((cuda_shared)) double partial[256];
  int i = cuda_grid_x (), t = threadIdx.x;
  partial[t] = i < n ? x[i] : 0;
  cuda_syncthreads ();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2)
    {
      if (t < stride)
        partial[t] += partial[t + stride];
      cuda_syncthreads ();
    }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}

__attribute__ ((cuda_jit)) void
matmul (int n, const float *a, const float *b, float *c)
{
  static __attribute__ ((cuda_shared)) float sa[TILE][TILE], sb[TILE][TILE];
  int row = cuda_grid_y (), col = cuda_grid_x ();
  int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int k = 0; k < n; k += TILE)
    {
      sa[ty][tx] = row < n && k + tx < n ? a[row * n + k + tx] : 0;
      sb[ty][tx] = col < n && k + ty < n ? b[(k + ty) * n + col] : 0;
      cuda_syncthreads ();
      for (int j = 0; j < TILE; j++)
        sum += sa[ty][j] * sb[j][tx];
      cuda_syncthreads ();
    }
  if (row < n && col < n)
    c[row * n + col] = sum;
}

__attribute__ ((cuda_jit)) void
histogram (int n, const unsigned char *data, unsigned int *bins)
{
  int i = cuda_grid_x ();
  if (i < n)
    cuda_atomic_add (&bins[data[i]], 1u);
}

/* saxpy as a program that uses NVRTC itself writes it.  */
static const char saxpy_cuda[]
    = "extern \"C\" __global__ void\n"
      "saxpy (int n, float a, const float *x, float *y)\n"
      "{\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n)\n"
      "    y[i] = a * x[i] + y[i];\n"
      "}\n";

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* NVRTC loaded and compiling saxpy_cuda in this process, its first
   compilation, for the GPU's architecture, through the same calls as
   cudajit's JIT, so with the same options and the same way of finding
   NVRTC, but without its cache; the milliseconds of loading NVRTC in
   *LOAD_MS.  */
static double
nvrtc_alone_ms (double *load_ms)
{
  struct cuda_device_properties p = cuda_device_properties (0);
  struct cudajit_image image;

  double start = now_ms ();
  const char *error = cudajit_load_nvrtc ();
  *load_ms = now_ms () - start;
  if (!error)
    error = cudajit_nvrtc_compile (saxpy_cuda, "saxpy.cu",
                                   p.major * 10 + p.minor, 0, false, &image);
  double ms = now_ms () - start;
  if (error)
    {
      fprintf (stderr, "cold-launch: NVRTC cannot compile saxpy: %s\n", error);
      exit (1);
    }
  free (image.code);
  free (image.log);
  return ms;
}

int
main (int argc, char **argv)
{
  if (!cuda_is_available ())
    {
      printf ("cold-launch: no GPU; skipped\n");
      return 77;
    }
  if (argc > 1 && strcmp (argv[1], "nvrtc") == 0)
    {
      double load_ms, ms = nvrtc_alone_ms (&load_ms);
      printf ("NVRTC loads and compiles saxpy alone in %.2f ms (loading "
              "%.2f ms)\n",
              ms, load_ms);
      return 0;
    }

  float *x = cuda_device_array_of (float, N);
  float *y = cuda_device_array_of (float, N);
  double start = now_ms ();
  cuda_forall (saxpy, N) (N, 2.0f, x, y);
  cuda_synchronize ();
  double first = now_ms () - start;
  start = now_ms ();
  cuda_forall (saxpy, N) (N, 2.0f, x, y);
  cuda_synchronize ();
  double second = now_ms () - start;
  printf ("first launch of saxpy, one kernel of nine, %.2f ms; the second "
          "%.3f ms\n",
          first, second);
  cuda_free (x);
  cuda_free (y);
  return 0;
}
