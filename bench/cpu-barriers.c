/* The CPU backend on kernels with cuda_syncthreads, against the same
   work as a plain C loop, in CPU time, best of REPEATS: issue 13's block
   reduction (1 M floats, blocks of 256, a barrier at each of 9 steps) and
   tiled transpose (2048 x 2048 ints, 32 x 8 threads a block).  Such
   kernels run each thread of a block as a fiber; the ratios show what a
   barrier still costs.  Run with CUDAJIT_BACKEND=cpu; CUDAJIT_CPU_THREADS=1
   compares with C on one thread.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  BLOCK = 256,
  TILE_DIM = 32,
  BLOCK_ROWS = 8,
  REPEATS = 3
};

__attribute__ ((cuda_jit)) void
block_sum (long n, const float *x, float *partial)
{
  static __attribute__ ((cuda_shared)) float s[BLOCK];
  long i = cuda_grid_x ();
  unsigned int t = threadIdx.x;
  s[t] = i < n ? x[i] : 0;
  cuda_syncthreads ();
  for (unsigned int k = BLOCK / 2; k > 0; k /= 2)
    {
      if (t < k)
        s[t] += s[t + k];
      cuda_syncthreads ();
    }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

__attribute__ ((cuda_jit)) void
tile_transpose (int size, const int *a_in, int *a_out)
{
  static __attribute__ ((cuda_shared)) int tile[TILE_DIM][TILE_DIM + 1];
  long x = blockIdx.x * TILE_DIM + threadIdx.x;
  long y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = a_in[(y + j) * size + x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    a_out[(y + j) * size + x] = tile[threadIdx.x][threadIdx.y + j];
}

static double
cpu_ms (void)
{
  return clock () * 1000.0 / CLOCKS_PER_SEC;
}

static void
report (const char *name, double kernel_ms, double c_ms, int wrong)
{
  printf ("cpu-barriers: %-16s kernel %9.2f ms, C %7.2f ms, ratio %7.1f%s\n",
          name, kernel_ms, c_ms, kernel_ms / c_ms,
          wrong ? " (WRONG RESULTS)" : "");
}

int
main (void)
{
  long n = 1 << 20, blocks = n / BLOCK;
  float *x = malloc (n * sizeof *x), *partial = malloc (blocks * sizeof *x);
  float *c_partial = malloc (blocks * sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = i % 7;
  float *d_x = cuda_to_device (x, n * sizeof *x);
  float *d_partial = cuda_device_array (blocks * sizeof *x);
  double kernel_ms = 1e30, c_ms = 1e30;
  for (int r = 0; r < REPEATS; r++)
    {
      double start = cpu_ms ();
      cuda_launch (block_sum, blocks, BLOCK) (n, d_x, d_partial);
      cuda_synchronize ();
      double middle = cpu_ms ();
      for (long b = 0; b < blocks; b++)
        {
          float s = 0;
          for (long i = b * BLOCK; i < (b + 1) * BLOCK; i++)
            s += x[i];
          c_partial[b] = s;
        }
      double end = cpu_ms ();
      kernel_ms = middle - start < kernel_ms ? middle - start : kernel_ms;
      c_ms = end - middle < c_ms ? end - middle : c_ms;
    }
  cuda_copy_to_host (partial, d_partial, blocks * sizeof *x);
  int wrong = 0;
  for (long b = 0; b < blocks; b++)
    wrong |= partial[b] != c_partial[b];
  report ("block reduction", kernel_ms, c_ms, wrong);

  int size = 2048;
  size_t bytes = (size_t) size * size * sizeof (int);
  int *in = malloc (bytes), *out = malloc (bytes), *c_out = malloc (bytes);
  for (long i = 0; i < (long) size * size; i++)
    in[i] = i;
  int *d_in = cuda_to_device (in, bytes), *d_out = cuda_device_array (bytes);
  kernel_ms = c_ms = 1e30;
  for (int r = 0; r < REPEATS; r++)
    {
      double start = cpu_ms ();
      cuda_launch (tile_transpose,
                   cuda_dim3 (size / TILE_DIM, size / TILE_DIM),
                   cuda_dim3 (TILE_DIM, BLOCK_ROWS)) (size, d_in, d_out);
      cuda_synchronize ();
      double middle = cpu_ms ();
      for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
          c_out[(long) j * size + i] = in[(long) i * size + j];
      double end = cpu_ms ();
      kernel_ms = middle - start < kernel_ms ? middle - start : kernel_ms;
      c_ms = end - middle < c_ms ? end - middle : c_ms;
    }
  cuda_copy_to_host (out, d_out, bytes);
  wrong = 0;
  for (long i = 0; i < (long) size * size; i++)
    wrong |= out[i] != c_out[i];
  report ("tiled transpose", kernel_ms, c_ms, wrong);
  return wrong;
}
