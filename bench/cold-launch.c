/* SPDX-License-Identifier: MIT */
/* The first launch of one kernel of a unit of nine, in a new process
   with nothing in the kernel cache, against NVRTC compiling that kernel
   alone, as written by hand in CUDA C.

     bench/cold-launch [nvrtc]

   prints the time of the first launch of saxpy, a copy and compilation
   included (with CUDAJIT_CACHE_DIR naming an empty directory, that of the
   first launch cold; run again, warm), or, with nvrtc, the time NVRTC
   takes to compile saxpy alone in this process, its first compilation,
   with the options cudajit gives it.  bench/cold-launch.sh runs both in
   fresh processes and prints medians and ratios.  Without a GPU it exits
   with 77.  */

#include <cudajit.h>
#include <math.h>
#include <nvrtc.h>
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

/* NVRTC's first compilation of saxpy_cuda in this process, for the GPU's
   architecture, with the options that cudajit gives NVRTC.  */
static double
nvrtc_alone_ms (void)
{
  struct cuda_device_properties p = cuda_device_properties (0);
  char arch[64];
  snprintf (arch, sizeof arch, "--gpu-architecture=sm_%d%d", p.major, p.minor);
  const char *options[] = { arch, "--generate-line-info" };
  nvrtcProgram program;
  size_t size;

  double start = now_ms ();
  if (nvrtcCreateProgram (&program, saxpy_cuda, "saxpy.cu", 0, NULL, NULL)
          != NVRTC_SUCCESS
      || nvrtcCompileProgram (program, 2, options) != NVRTC_SUCCESS
      || nvrtcGetCUBINSize (program, &size) != NVRTC_SUCCESS)
    {
      fprintf (stderr, "cold-launch: NVRTC cannot compile saxpy for %s\n",
               arch);
      exit (1);
    }
  char *cubin = malloc (size);
  if (!cubin || nvrtcGetCUBIN (program, cubin) != NVRTC_SUCCESS)
    exit (1);
  double ms = now_ms () - start;
  nvrtcDestroyProgram (&program);
  free (cubin);
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
      printf ("NVRTC compiles saxpy alone in %.2f ms\n", nvrtc_alone_ms ());
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
