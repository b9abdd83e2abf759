/* SPDX-License-Identifier: MIT */
/* The first launch of one kernel of a unit of nine, in a new process
   with nothing in the kernel cache, against NVRTC compiling that kernel
   alone, as written by hand in CUDA C.

     bench/cold-launch [all [MS] | nvrtc [FILE]]

   prints the time of the first launch of saxpy, compilation included
   (with CUDAJIT_CACHE_DIR naming an empty directory, that of the first
   launch cold; run again, warm); with all, also the time until the first
   launches of all nine kernels have run, one after the other, after MS
   milliseconds (0) of the program's own work on the CPU; with
   nvrtc, the time that loading NVRTC and compiling saxpy alone, or the
   CUDA C in FILE, take in this process, with the options cudajit gives
   NVRTC.  bench/cold-launch.sh runs them in fresh processes and prints
   medians and ratios.  Without a GPU it exits with 77.  */

#include <cudajit.h>
#include <math.h>
#include <stdbool.h>
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

/* The contents of FILE, to be freed.  */
static char *
read_file (const char *file)
{
  FILE *f = fopen (file, "r");
  char *text = NULL;
  size_t size = 0, n = 0;

  while (f && !feof (f) && !ferror (f))
    {
      text = realloc (text, size = 2 * size + BUFSIZ);
      if (!text)
        break;
      n += fread (text + n, 1, size - n - 1, f);
    }
  if (!f || ferror (f) || !text)
    {
      perror (file);
      exit (1);
    }
  fclose (f);
  text[n] = '\0';
  return text;
}

/* NVRTC loaded and compiling SOURCE in this process, its first
   compilation, for the GPU's architecture, through the same calls as
   cudajit's JIT, so with the same options and the same way of finding
   NVRTC, but without its cache; the milliseconds of loading NVRTC in
   *LOAD_MS.  */
static double
nvrtc_alone_ms (const char *source, double *load_ms)
{
  struct cuda_device_properties p = cuda_device_properties (0);
  struct cudajit_image image;

  double start = now_ms ();
  const char *error = cudajit_load_nvrtc ();
  *load_ms = now_ms () - start;
  if (!error)
    error = cudajit_nvrtc_compile (source, "alone.cu", p.major * 10 + p.minor,
                                   0, false, &image);
  double ms = now_ms () - start;
  if (error)
    {
      fprintf (stderr, "cold-launch: NVRTC cannot compile: %s\n", error);
      exit (1);
    }
  free (image.code);
  free (image.log);
  return ms;
}

/* The first launches of the eight kernels but saxpy.  */
static void
launch_the_others (void)
{
  enum
  {
    SIDE = 1024,
    BLOCK = 256
  };
  double *d = cuda_device_array_of (double, N);
  float *f = cuda_device_array_of (float, N),
        *g = cuda_device_array_of (float, N);
  float *h = cuda_device_array_of (float, N);
  unsigned char *bytes = cuda_device_array_of (unsigned char, N);
  unsigned int *bins = cuda_device_array_of (unsigned int, 256);
  cuda_dim3 tiles = cuda_dim3 (SIDE / TILE, SIDE / TILE),
            tile = cuda_dim3 (TILE, TILE);

  cuda_launch (double_it, N / BLOCK, BLOCK) (N, d, d);
  cuda_launch (add_grid_stride, N / BLOCK, BLOCK) (N, f, g, h);
  cuda_launch (gaussian_pdf, N / BLOCK, BLOCK) (N, f, g, 0, 1);
  cuda_launch (transpose, tiles, tile) (SIDE, f, g);
  cuda_launch (tile_transpose, tiles, tile) (SIDE, f, g);
  cuda_launch (block_sum, N / BLOCK, BLOCK) (N, d, d);
  cuda_launch (matmul, tiles, tile) (SIDE, f, g, h);
  cuda_launch (histogram, N / BLOCK, BLOCK) (N, bytes, bins);
  cuda_synchronize ();
  cuda_free (d);
  cuda_free (f);
  cuda_free (g);
  cuda_free (h);
  cuda_free (bytes);
  cuda_free (bins);
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
      char *source = argc > 2 ? read_file (argv[2]) : NULL;
      double load_ms,
          ms = nvrtc_alone_ms (source ? source : saxpy_cuda, &load_ms);
      printf ("NVRTC loads and compiles %s in %.2f ms (loading %.2f ms)\n",
              source ? "the file's CUDA C" : "saxpy alone", ms, load_ms);
      free (source);
      return 0;
    }
  bool all = argc > 1 && strcmp (argv[1], "all") == 0;

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
  if (all)
    {
      double work_ms = argc > 2 ? atof (argv[2]) : 0,
             until = now_ms () + work_ms;
      while (now_ms () < until)
        continue;
      launch_the_others ();
      printf ("all nine kernels launched in %.2f ms\n",
              first + now_ms () - start);
    }
  cuda_free (x);
  cuda_free (y);
  return 0;
}
