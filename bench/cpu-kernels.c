/* The CPU backend on kernels without barriers, against the same work as
   a plain C loop, in CPU time, best of REPEATS: issue 13's add (64 M
   floats, one thread an element), grid-stride add (the same, 32 blocks of
   128 threads), double in place (30 M doubles), gaussian pdf (64 M
   floats), 5-point stencil (4096 x 4096, blocks of 32 x 8), naive
   transpose (2048 x 2048 ints) and histogram (atomics, 64 M values into
   256 bins).  Run with CUDAJIT_BACKEND=cpu; CUDAJIT_CPU_THREADS=1
   compares with C on one thread.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
  BLOCK = 256,
  REPEATS = 3,
  BINS = 256
};

__attribute__ ((cuda_jit)) void
add (long n, const float *x, const float *y, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
add_stride (long n, const float *x, const float *y, float *out)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
double_in_place (long n, double *a)
{
  long i = cuda_grid_x ();
  if (i < n)
    a[i] *= 2;
}

__attribute__ ((cuda_jit)) void
gaussian (long n, const float *x, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = expf (-0.5f * x[i] * x[i]) / 2.5066282746f;
}

__attribute__ ((cuda_jit)) void
stencil (int size, const float *in, float *out)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x > 0 && y > 0 && x < size - 1 && y < size - 1)
    out[y * size + x]
        = 0.2f
          * (in[y * size + x] + in[y * size + x - 1] + in[y * size + x + 1]
             + in[(y - 1) * size + x] + in[(y + 1) * size + x]);
}

__attribute__ ((cuda_jit)) void
transpose (int size, const int *in, int *out)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < size && y < size)
    out[x * size + y] = in[y * size + x];
}

__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned char *values, unsigned int *bins)
{
  long i = cuda_grid_x ();
  if (i < n)
    cuda_atomic_add (&bins[values[i]], 1u);
}

static double
cpu_ms (void)
{
  return clock () * 1000.0 / CLOCKS_PER_SEC;
}

static double kernel_best, c_best;

#define TIME(best, code)                                                      \
  do                                                                          \
    {                                                                         \
      double start = cpu_ms ();                                               \
      code;                                                                   \
      double ms = cpu_ms () - start;                                          \
      best = ms < best ? ms : best;                                           \
    }                                                                         \
  while (0)

static void
report (const char *name, int wrong)
{
  printf ("cpu-kernels: %-16s kernel %8.1f ms, C %7.1f ms, ratio %5.2f%s\n",
          name, kernel_best, c_best, kernel_best / c_best,
          wrong ? " (WRONG RESULTS)" : "");
  kernel_best = c_best = INFINITY;
}

int
main (void)
{
  long n = 64L << 20;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  float *out = malloc (n * sizeof *out), *c_out = malloc (n * sizeof *out);
  for (long i = 0; i < n; i++)
    {
      x[i] = (i % 1000) * 0.001f;
      y[i] = (i % 77) * 0.5f;
    }
  float *d_x = cuda_to_device (x, n * sizeof *x);
  float *d_y = cuda_to_device (y, n * sizeof *y);
  float *d_out = cuda_device_array (n * sizeof *out);
  kernel_best = c_best = INFINITY;

  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best, cuda_launch (add, (n + BLOCK - 1) / BLOCK,
                                      BLOCK) (n, d_x, d_y, d_out);
            cuda_synchronize ());
      TIME (c_best, for (long i = 0; i < n; i++) c_out[i] = x[i] + y[i]);
    }
  cuda_copy_to_host (out, d_out, n * sizeof *out);
  report ("add", memcmp (out, c_out, n * sizeof *out) != 0);

  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best,
            cuda_launch (add_stride, 32, 128) (n, d_x, d_y, d_out);
            cuda_synchronize ());
      TIME (c_best, for (long i = 0; i < n; i++) c_out[i] = x[i] + y[i]);
    }
  cuda_copy_to_host (out, d_out, n * sizeof *out);
  report ("grid-stride add", memcmp (out, c_out, n * sizeof *out) != 0);

  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best, cuda_launch (gaussian, (n + BLOCK - 1) / BLOCK,
                                      BLOCK) (n, d_x, d_out);
            cuda_synchronize ());
      TIME (c_best, for (long i = 0; i < n; i++) c_out[i]
                    = expf (-0.5f * x[i] * x[i]) / 2.5066282746f);
    }
  cuda_copy_to_host (out, d_out, n * sizeof *out);
  report ("gaussian pdf", memcmp (out, c_out, n * sizeof *out) != 0);

  long m = 30L << 20;
  double *a = cuda_device_array (m * sizeof *a);
  double *c_a = malloc (m * sizeof *a), *back = malloc (m * sizeof *a);
  for (long i = 0; i < m; i++)
    c_a[i] = i % 1000;
  cuda_copy_to_device (a, c_a, m * sizeof *a);
  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best, cuda_launch (double_in_place, (m + BLOCK - 1) / BLOCK,
                                      BLOCK) (m, a);
            cuda_synchronize ());
      TIME (c_best, for (long i = 0; i < m; i++) c_a[i] *= 2);
    }
  cuda_copy_to_host (back, a, m * sizeof *a);
  report ("double", memcmp (back, c_a, m * sizeof *a) != 0);

  int size = 4096;
  long cells = (long) size * size;
  memset (c_out, 0, cells * sizeof *out);
  cuda_copy_to_device (d_out, c_out, cells * sizeof *out);
  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best, cuda_launch (stencil, cuda_dim3 (size / 32, size / 8),
                                      cuda_dim3 (32, 8)) (size, d_x, d_out);
            cuda_synchronize ());
      TIME (c_best, for (long yy = 1; yy < size - 1;
                         yy++) for (long xx = 1; xx < size - 1; xx++)
                        c_out[yy * size + xx]
                    = 0.2f
                      * (x[yy * size + xx] + x[yy * size + xx - 1]
                         + x[yy * size + xx + 1] + x[(yy - 1) * size + xx]
                         + x[(yy + 1) * size + xx]));
    }
  cuda_copy_to_host (out, d_out, cells * sizeof *out);
  report ("stencil", memcmp (out, c_out, cells * sizeof *out) != 0);

  size = 2048;
  cells = (long) size * size;
  int *in = (int *) x, *t_out = (int *) out, *c_t = (int *) c_out;
  int *d_in = cuda_to_device (in, cells * sizeof *in);
  int *d_t = (int *) d_out;
  for (int r = 0; r < REPEATS; r++)
    {
      TIME (kernel_best,
            cuda_launch (transpose, cuda_dim3 (size / 32, size / 8),
                         cuda_dim3 (32, 8)) (size, d_in, d_t);
            cuda_synchronize ());
      TIME (c_best, for (long yy = 0; yy < size; yy++) for (long xx = 0;
                                                            xx < size; xx++)
                        c_t[xx * size + yy]
                    = in[yy * size + xx]);
    }
  cuda_copy_to_host (t_out, d_t, cells * sizeof *t_out);
  report ("naive transpose", memcmp (t_out, c_t, cells * sizeof *t_out) != 0);

  unsigned char *values = (unsigned char *) y;
  unsigned char *d_values = cuda_to_device (values, n);
  unsigned int *d_bins = cuda_device_array (BINS * sizeof (unsigned int));
  unsigned int bins[BINS], c_bins[BINS];
  for (int r = 0; r < REPEATS; r++)
    {
      memset (bins, 0, sizeof bins);
      cuda_copy_to_device (d_bins, bins, sizeof bins);
      TIME (kernel_best, cuda_launch (histogram, (n + BLOCK - 1) / BLOCK,
                                      BLOCK) (n, d_values, d_bins);
            cuda_synchronize ());
      memset (c_bins, 0, sizeof c_bins);
      TIME (c_best, for (long i = 0; i < n; i++) c_bins[values[i]]++);
    }
  cuda_copy_to_host (bins, d_bins, sizeof bins);
  report ("histogram", memcmp (bins, c_bins, sizeof bins) != 0);
  return 0;
}
