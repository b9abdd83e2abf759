/* SPDX-License-Identifier: MIT */
/* The CPU backend against the same work written as plain C loops: the
   nine kernels of issue 13, a histogram in shared memory and the warp
   functions of issue 32 (a shuffle reduction, a warp scan and a ballot
   count, each warp's result to an array) and its 2-D heat stencils in
   the common CUDA shape (16x16 blocks, 2-D array parameters; with and
   without a shared tile, and the tiled one as a newcomer writes it), and
   the four shapes of warp code of issue 45 (a shuffle reduction whose
   lane 0 adds to a total by an atomic, an xor butterfly, CUB's block
   reduction, a grid-stride loop then a warp reduction in a device
   function), and issue 46's block and warp collectives doing the same
   (cuda_block_reduce, cuda_block_scan_inclusive, cuda_warp_reduce,
   cuda_warp_scan_inclusive), each timed as a
   cudajit kernel on the CPU backend, as a C loop on one thread and as the same
   loop with OpenMP on every core, best of REPEATS, alternating round by round.
   It prints for each the kernel's CPU time against C's (the work it costs),
   and its wall time against OpenMP's (how well it uses the cores), with the
   ratios; then what small launches cost (measure_small_launches).

   Run it with CUDAJIT_BACKEND=cpu on a machine with a GPU.
   CUDAJIT_CPU_THREADS=1 runs the kernels on one thread.  With
   --only NAME, only that kernel; with --scale N, arrays N times smaller;
   bench/cpu-backend-counts.sh runs it under Valgrind to count the
   instructions per element of each kernel and C loop.  */

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
  BINS = 256,
  TILE_DIM = 32,
  BLOCK_ROWS = 8,
  STENCIL_X = 32,
  STENCIL_Y = 8,
  STRIDE_BLOCKS = 32,
  STRIDE_THREADS = 128,
  STRIDE_SHARE = 16,
  WARP = 32,
  HEAT = 16
};

#define FULL_MASK 0xffffffffu
/* The heat equation's step: the diffusion times the time step, over the
   cell's side squared.  */
#define HEAT_RATE 0.1f

/* The kernels.  */
#include "cpu-backend-kernels.h"

/* The data, made once; SCALE divides the sizes.  A is what the double
   kernel and loop double, C_A and D_A.  */

static long n, m, reduce_n, warp_n;
static int stencil_size, transpose_size, heat_size;
static float *x, *y, *out, *c_out, *d_x, *d_y, *d_out;
static double *a, *c_a, *d_a;
static int *ints, *d_ints, *t_out, *d_t;
static int *warp_ints, *d_warp_ints, *warp_out, *d_warp_out;
static unsigned char *values, *d_values;
static unsigned int *d_bins, bins[BINS], c_bins[BINS];
static double *d_total, c_total;

static void *
allocate (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    {
      fprintf (stderr, "cpu-backend: out of memory\n");
      exit (1);
    }
  return p;
}

static void
make_data (long scale)
{
  n = (64L << 20) / scale;
  m = (30L << 20) / scale;
  reduce_n = (1L << 20) / scale / BLOCK * BLOCK;
  warp_n = (4L << 20) / scale / BLOCK * BLOCK;
  stencil_size = 4096 / (int) sqrt ((double) scale) / STENCIL_X * STENCIL_X;
  transpose_size = 2048 / (int) sqrt ((double) scale) / TILE_DIM * TILE_DIM;
  heat_size = 2048 / (int) sqrt ((double) scale) / HEAT * HEAT;
  x = allocate (n * sizeof *x);
  y = allocate (n * sizeof *y);
  out = allocate (n * sizeof *out);
  c_out = allocate (n * sizeof *c_out);
  for (long i = 0; i < n; i++)
    {
      x[i] = (i % 1000) * 0.001f;
      y[i] = (i % 77) * 0.5f;
    }
  d_x = cuda_to_device (x, n * sizeof *x);
  d_y = cuda_to_device (y, n * sizeof *y);
  d_out = cuda_device_array (n * sizeof *out);
  c_a = allocate (m * sizeof *c_a);
  a = allocate (m * sizeof *a);
  for (long i = 0; i < m; i++)
    a[i] = i % 1000;
  d_a = cuda_device_array (m * sizeof *a);
  long cells = (long) transpose_size * transpose_size;
  ints = allocate (cells * sizeof *ints);
  t_out = allocate (cells * sizeof *t_out);
  for (long i = 0; i < cells; i++)
    ints[i] = i;
  d_ints = cuda_to_device (ints, cells * sizeof *ints);
  d_t = cuda_device_array (cells * sizeof *t_out);
  values = allocate (n);
  for (long i = 0; i < n; i++)
    values[i] = (i * 2654435761u) >> 7;
  d_values = cuda_to_device (values, n);
  warp_ints = allocate (warp_n * sizeof *warp_ints);
  warp_out = allocate (warp_n * sizeof *warp_out);
  for (long i = 0; i < warp_n; i++)
    warp_ints[i] = (int) (i % 1013) - 500;
  d_warp_ints = cuda_to_device (warp_ints, warp_n * sizeof *warp_ints);
  d_warp_out = cuda_device_array (warp_n * sizeof *warp_out);
  d_bins = cuda_device_array (sizeof bins);
  d_total = cuda_device_array (sizeof *d_total);
}

/* Each kernel, its C loop and its OpenMP loop; each is a function of its
   own, named measure_*, which bench/cpu-backend-counts.sh counts the
   instructions of.  The OpenMP loops are the C loops with a pragma.  */

#define C_AND_OPENMP(name, loop)                                              \
  static void __attribute__ ((noinline)) measure_c_##name (void) { loop }     \
  static void __attribute__ ((noinline)) measure_openmp_##name (void)         \
  {                                                                           \
    _Pragma ("omp parallel for") loop                                         \
  }

static void __attribute__ ((noinline)) measure_kernel_add (void)
{
  cuda_launch (add, (n + BLOCK - 1) / BLOCK, BLOCK) (n, d_x, d_y, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (add, for (long i = 0; i < n; i++) c_out[i] = x[i] + y[i];)

static void __attribute__ ((noinline)) measure_kernel_add_stride (void)
{
  cuda_launch (add_stride, STRIDE_BLOCKS, STRIDE_THREADS) (n, d_x, d_y, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (add_stride, for (long i = 0; i < n; i++) c_out[i] = x[i] + y[i];)

static void __attribute__ ((noinline)) measure_kernel_double (void)
{
  cuda_launch (double_in_place, (m + BLOCK - 1) / BLOCK, BLOCK) (m, d_a);
  cuda_synchronize ();
}
C_AND_OPENMP (double, for (long i = 0; i < m; i++) c_a[i] *= 2;)

static void __attribute__ ((noinline)) measure_kernel_gaussian (void)
{
  cuda_launch (gaussian, (n + BLOCK - 1) / BLOCK, BLOCK) (n, d_x, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (gaussian, for (long i = 0; i < n; i++) c_out[i]
                        = expf (-0.5f * x[i] * x[i]) / 2.5066282746f;)

static void __attribute__ ((noinline)) measure_kernel_stencil (void)
{
  cuda_launch (stencil,
               cuda_dim3 (stencil_size / STENCIL_X, stencil_size / STENCIL_Y),
               cuda_dim3 (STENCIL_X, STENCIL_Y)) (stencil_size, d_x, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (stencil,
              for (long yy = 1; yy < stencil_size - 1;
                   yy++) for (long xx = 1; xx < stencil_size - 1; xx++)
                  c_out[yy * stencil_size + xx]
              = 0.2f
                * (x[yy * stencil_size + xx] + x[yy * stencil_size + xx - 1]
                   + x[yy * stencil_size + xx + 1]
                   + x[(yy - 1) * stencil_size + xx]
                   + x[(yy + 1) * stencil_size + xx]);)

static void __attribute__ ((noinline)) measure_kernel_transpose (void)
{
  cuda_launch (
      transpose,
      cuda_dim3 (transpose_size / TILE_DIM, transpose_size / BLOCK_ROWS),
      cuda_dim3 (TILE_DIM, BLOCK_ROWS)) (transpose_size, d_ints, d_t);
  cuda_synchronize ();
}
C_AND_OPENMP (transpose, for (long yy = 0; yy < transpose_size;
                              yy++) for (long xx = 0; xx < transpose_size;
                                         xx++) t_out[xx * transpose_size + yy]
                         = ints[yy * transpose_size + xx];)

static void __attribute__ ((noinline)) measure_kernel_tile_transpose (void)
{
  cuda_launch (
      tile_transpose,
      cuda_dim3 (transpose_size / TILE_DIM, transpose_size / TILE_DIM),
      cuda_dim3 (TILE_DIM, BLOCK_ROWS)) (transpose_size, d_ints, d_t);
  cuda_synchronize ();
}
C_AND_OPENMP (tile_transpose,
              for (long yy = 0; yy < transpose_size;
                   yy++) for (long xx = 0; xx < transpose_size; xx++)
                  t_out[xx * transpose_size + yy]
              = ints[yy * transpose_size + xx];)

static void __attribute__ ((noinline)) measure_kernel_block_sum (void)
{
  cuda_launch (block_sum, reduce_n / BLOCK, BLOCK) (reduce_n, d_x, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    block_sum, for (long b = 0; b < reduce_n / BLOCK; b++) {
      float s = 0;
      for (long i = b * BLOCK; i < (b + 1) * BLOCK; i++)
        s += x[i];
      c_out[b] = s;
    })

static void __attribute__ ((noinline)) measure_kernel_histogram (void)
{
  cuda_launch (histogram, (n + BLOCK - 1) / BLOCK, BLOCK) (n, d_values,
                                                           d_bins);
  cuda_synchronize ();
}
static void __attribute__ ((noinline)) measure_c_histogram (void)
{
  for (long i = 0; i < n; i++)
    c_bins[values[i]]++;
}
/* The kernel's way, with atomics.  */
static void __attribute__ ((noinline)) measure_openmp_histogram (void)
{
#pragma omp parallel for
  for (long i = 0; i < n; i++)
#pragma omp atomic
    c_bins[values[i]]++;
}

static void __attribute__ ((noinline)) measure_kernel_histogram_shared (void)
{
  cuda_launch (histogram_shared, STRIDE_BLOCKS * 8, BLOCK) (n, d_values,
                                                            d_bins);
  cuda_synchronize ();
}
static void __attribute__ ((noinline)) measure_c_histogram_shared (void)
{
  measure_c_histogram ();
}
/* The kernel's way, with counts of each thread's own.  */
static void __attribute__ ((noinline)) measure_openmp_histogram_shared (void)
{
#pragma omp parallel for reduction(+ : c_bins[:BINS])
  for (long i = 0; i < n; i++)
    c_bins[values[i]]++;
}

static void __attribute__ ((noinline)) measure_kernel_warp_sum (void)
{
  cuda_launch (warp_sum, warp_n / BLOCK, BLOCK) (warp_n, d_x, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    warp_sum, for (long w = 0; w < warp_n / WARP; w++) {
      float s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        s += x[i];
      c_out[w] = s;
    })

static void __attribute__ ((noinline)) measure_kernel_warp_scan (void)
{
  cuda_launch (warp_scan, warp_n / BLOCK, BLOCK) (warp_n, d_warp_ints,
                                                  d_warp_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    warp_scan, for (long w = 0; w < warp_n / WARP; w++) {
      int s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        warp_out[i] = s += warp_ints[i];
    })

/* The heat kernels' launch, on the grid of x, into out.  */
#define LAUNCH_HEAT(kernel)                                                   \
  cuda_launch (kernel, cuda_dim3 (heat_size / HEAT, heat_size / HEAT),        \
               cuda_dim3 (HEAT, HEAT)) (heat_size, (void *) d_x,              \
                                        (void *) d_out);                      \
  cuda_synchronize ()
/* Their loop, the same for all three, on x and c_out as 2-D arrays.  */
#define HEAT_IN(row, column) ((const float (*)[heat_size]) x)[row][column]
#define HEAT_LOOP                                                             \
  for (long yy = 1; yy < heat_size - 1; yy++)                                 \
    for (long xx = 1; xx < heat_size - 1; xx++)                               \
      ((float (*)[heat_size]) c_out)[yy][xx]                                  \
          = HEAT_IN (yy, xx)                                                  \
            + HEAT_RATE                                                       \
                  * (HEAT_IN (yy, xx - 1) + HEAT_IN (yy, xx + 1)              \
                     + HEAT_IN (yy - 1, xx) + HEAT_IN (yy + 1, xx)            \
                     - 4 * HEAT_IN (yy, xx));

static void __attribute__ ((noinline)) measure_kernel_heat (void)
{
  LAUNCH_HEAT (heat);
}
C_AND_OPENMP (heat, HEAT_LOOP)

static void __attribute__ ((noinline)) measure_kernel_heat_tiled (void)
{
  LAUNCH_HEAT (heat_tiled);
}
C_AND_OPENMP (heat_tiled, HEAT_LOOP)

static void __attribute__ ((noinline)) measure_kernel_heat_newcomer (void)
{
  LAUNCH_HEAT (heat_newcomer);
}
C_AND_OPENMP (heat_newcomer, HEAT_LOOP)

static void __attribute__ ((noinline)) measure_kernel_ballot_count (void)
{
  cuda_launch (ballot_count, warp_n / BLOCK, BLOCK) (warp_n, d_values,
                                                     d_warp_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    ballot_count, for (long w = 0; w < warp_n / WARP; w++) {
      int count = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        count += values[i] > 127;
      warp_out[w] = count;
    })

static void __attribute__ ((noinline)) measure_kernel_warp_atomic (void)
{
  cuda_launch (warp_atomic, warp_n / BLOCK, BLOCK) (warp_n, d_x, d_total);
  cuda_synchronize ();
}
/* The total in double, as the kernel's, of each warp's sum in float.  */
static void __attribute__ ((noinline)) measure_c_warp_atomic (void)
{
  for (long w = 0; w < warp_n / WARP; w++)
    {
      float s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        s += x[i];
      c_total += s;
    }
}
static void __attribute__ ((noinline)) measure_openmp_warp_atomic (void)
{
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (long w = 0; w < warp_n / WARP; w++)
    {
      float s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        s += x[i];
      total += s;
    }
  c_total += total;
}

static void __attribute__ ((noinline)) measure_kernel_warp_butterfly (void)
{
  cuda_launch (warp_butterfly, warp_n / BLOCK, BLOCK) (warp_n, d_x, d_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    warp_butterfly, for (long w = 0; w < warp_n / WARP; w++) {
      float s = 0;
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        s += x[i];
      for (long i = w * WARP; i < (w + 1) * WARP; i++)
        c_out[i] = s;
    })

static void __attribute__ ((noinline)) measure_kernel_cub_block_sum (void)
{
  cuda_launch (cub_block_sum, reduce_n / BLOCK, BLOCK) (reduce_n, d_x, d_out);
  cuda_synchronize ();
}
/* Each warp's sum, then the block's of them, as the kernel adds.  */
C_AND_OPENMP (
    cub_block_sum, for (long b = 0; b < reduce_n / BLOCK; b++) {
      float s = 0;
      for (long w = b * BLOCK; w < (b + 1) * BLOCK; w += WARP)
        {
          float warp = 0;
          for (long i = w; i < w + WARP; i++)
            warp += x[i];
          s += warp;
        }
      c_out[b] = s;
    })

static void __attribute__ ((noinline))
measure_kernel_collective_block_sum (void)
{
  cuda_launch (collective_block_sum, reduce_n / BLOCK, BLOCK) (reduce_n, d_x,
                                                               d_out);
  cuda_synchronize ();
}
/* Each block's sum, in the order of its elements.  */
C_AND_OPENMP (
    collective_block_sum, for (long b = 0; b < reduce_n / BLOCK; b++) {
      float s = 0;
      for (long i = b * BLOCK; i < (b + 1) * BLOCK; i++)
        s += x[i];
      c_out[b] = s;
    })

static void __attribute__ ((noinline))
measure_kernel_collective_block_scan (void)
{
  cuda_launch (collective_block_scan, warp_n / BLOCK,
               BLOCK) (warp_n, d_warp_ints, d_warp_out);
  cuda_synchronize ();
}
C_AND_OPENMP (
    collective_block_scan, for (long b = 0; b < warp_n / BLOCK; b++) {
      int s = 0;
      for (long i = b * BLOCK; i < (b + 1) * BLOCK; i++)
        warp_out[i] = s += warp_ints[i];
    })

static void __attribute__ ((noinline))
measure_kernel_collective_warp_sum (void)
{
  cuda_launch (collective_warp_sum, warp_n / BLOCK, BLOCK) (warp_n, d_x,
                                                            d_out);
  cuda_synchronize ();
}
static void __attribute__ ((noinline)) measure_c_collective_warp_sum (void)
{
  measure_c_warp_sum ();
}
static void __attribute__ ((noinline))
measure_openmp_collective_warp_sum (void)
{
  measure_openmp_warp_sum ();
}

static void __attribute__ ((noinline))
measure_kernel_collective_warp_scan (void)
{
  cuda_launch (collective_warp_scan, warp_n / BLOCK,
               BLOCK) (warp_n, d_warp_ints, d_warp_out);
  cuda_synchronize ();
}
static void __attribute__ ((noinline)) measure_c_collective_warp_scan (void)
{
  measure_c_warp_scan ();
}
static void __attribute__ ((noinline))
measure_openmp_collective_warp_scan (void)
{
  measure_openmp_warp_scan ();
}

/* The threads of the grid-stride warp sum: STRIDE_SHARE elements each,
   a grid of many blocks, as a GPU's launch has, where a thread's warp
   reduction costs as much as its loop.  */
#define STRIDE_GRID (warp_n / STRIDE_SHARE / BLOCK * BLOCK)

static void __attribute__ ((noinline)) measure_kernel_stride_warp_sum (void)
{
  cuda_launch (stride_warp_sum, STRIDE_GRID / BLOCK, BLOCK) (warp_n, d_x,
                                                             d_out);
  cuda_synchronize ();
}
/* Each warp's sum of the elements that its lanes' strides reach.  */
C_AND_OPENMP (
    stride_warp_sum, for (long w = 0; w < STRIDE_GRID / WARP; w++) {
      float s = 0;
      for (long base = w * WARP; base < warp_n; base += STRIDE_GRID)
        for (long i = base; i < base + WARP && i < warp_n; i++)
          s += x[i];
      c_out[w] = s;
    })

/* Before each run of the kernel, or of a loop: what they add to.  */
static void
clear_bins (int kernel)
{
  memset (kernel ? bins : c_bins, 0, sizeof bins);
  if (kernel)
    cuda_copy_to_device (d_bins, bins, sizeof bins);
}

/* Whether the kernel computed what the C loop did.  */

static int
same_floats (long count)
{
  cuda_copy_to_host (out, d_out, count * sizeof *out);
  return memcmp (out, c_out, count * sizeof *out) == 0;
}

static int
same_add (void)
{
  return same_floats (n);
}

/* Before each run of the kernel, or of a loop: what they double.  */
static void
reset_doubles (int kernel)
{
  if (kernel)
    cuda_copy_to_device (d_a, a, m * sizeof *a);
  else
    memcpy (c_a, a, m * sizeof *a);
}

static int
same_double (void)
{
  double *back = allocate (m * sizeof *back);
  cuda_copy_to_host (back, d_a, m * sizeof *back);
  int same = memcmp (back, c_a, m * sizeof *back) == 0;
  free (back);
  return same;
}

/* Whether the kernel computed the inner cells of a grid of SIZE^2 as
   the C loop did: the edges are left as they were.  */
static int
same_inner_cells (long size)
{
  cuda_copy_to_host (out, d_out, size * size * sizeof *out);
  for (long row = 1; row < size - 1; row++)
    if (memcmp (out + row * size + 1, c_out + row * size + 1,
                (size - 2) * sizeof *out)
        != 0)
      return 0;
  return 1;
}

static int
same_stencil (void)
{
  return same_inner_cells (stencil_size);
}

static int
same_heat (void)
{
  return same_inner_cells (heat_size);
}

static int
same_transpose (void)
{
  long cells = (long) transpose_size * transpose_size;
  int *back = allocate (cells * sizeof *back);
  cuda_copy_to_host (back, d_t, cells * sizeof *back);
  int same = memcmp (back, t_out, cells * sizeof *back) == 0;
  free (back);
  return same;
}

/* Whether the kernel's first COUNT sums are the C loop's: a tree of sums
   against a sum from left to right, close, not equal.  */
static int
close_floats (long count)
{
  cuda_copy_to_host (out, d_out, count * sizeof *out);
  for (long i = 0; i < count; i++)
    if (fabsf (out[i] - c_out[i]) > 1e-5f * fabsf (c_out[i]))
      return 0;
  return 1;
}

static int
same_block_sum (void)
{
  return close_floats (reduce_n / BLOCK);
}

static int
same_warp_sum (void)
{
  return close_floats (warp_n / WARP);
}

static int
same_warp_ints (long count)
{
  int *back = allocate (count * sizeof *back);
  cuda_copy_to_host (back, d_warp_out, count * sizeof *back);
  int same = memcmp (back, warp_out, count * sizeof *back) == 0;
  free (back);
  return same;
}

static int
same_warp_scan (void)
{
  return same_warp_ints (warp_n);
}

static int
same_ballot_count (void)
{
  return same_warp_ints (warp_n / WARP);
}

/* Before each run of the kernel, or of a loop: the total they add to.  */
static void
clear_total (int kernel)
{
  c_total = 0;
  if (kernel)
    cuda_copy_to_device (d_total, &c_total, sizeof c_total);
}

static int
same_warp_atomic (void)
{
  double total;
  cuda_copy_to_host (&total, d_total, sizeof total);
  return fabs (total - c_total) <= 1e-5 * fabs (c_total);
}

static int
same_warp_butterfly (void)
{
  return close_floats (warp_n);
}

static int
same_stride_warp_sum (void)
{
  return close_floats (STRIDE_GRID / WARP);
}

static int
same_histogram (void)
{
  cuda_copy_to_host (bins, d_bins, sizeof bins);
  return memcmp (bins, c_bins, sizeof bins) == 0;
}

/* Three shapes of cuda-samples that issue 45 found on fibers: matrixMul's
   loop over the tiles, which steps two variables (for (a = abegin, b =
   bbegin; a <= aend; a += astep, b += bstep)); sortingNetworks' bitonic
   sort of each block's keys, whose pointer parameters the kernel
   advances to its block's; and shfl_scan's uniform add, whose first
   block returns before the barrier.  */

enum
{
  MATRIX_TILE = 16,
  SORT_KEYS = 512
};

__attribute__ ((cuda_jit)) void
matrix_mul (int w, float c[w * w], const float a[w * w], const float b[w * w])
{
  static __attribute__ ((cuda_shared)) float as[MATRIX_TILE][MATRIX_TILE];
  static __attribute__ ((cuda_shared)) float bs[MATRIX_TILE][MATRIX_TILE];
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int abegin = w * MATRIX_TILE * by;
  int aend = abegin + w - 1;
  int astep = MATRIX_TILE;
  int bbegin = MATRIX_TILE * bx;
  int bstep = MATRIX_TILE * w;
  float csub = 0;
  for (int ai = abegin, bi = bbegin; ai <= aend; ai += astep, bi += bstep)
    {
      as[ty][tx] = a[ai + w * ty + tx];
      bs[ty][tx] = b[bi + w * ty + tx];
      cuda_syncthreads ();
      for (int k = 0; k < MATRIX_TILE; ++k)
        csub += as[ty][k] * bs[k][tx];
      cuda_syncthreads ();
    }
  c[w * MATRIX_TILE * by + MATRIX_TILE * bx + w * ty + tx] = csub;
}

__attribute__ ((cuda_jit)) void
bitonic_sort (long n, unsigned int dst[n], const unsigned int src[n])
{
  static __attribute__ ((cuda_shared)) unsigned int s[SORT_KEYS];
  src += blockIdx.x * SORT_KEYS;
  dst += blockIdx.x * SORT_KEYS;
  s[threadIdx.x] = src[threadIdx.x];
  s[threadIdx.x + SORT_KEYS / 2] = src[threadIdx.x + SORT_KEYS / 2];
  for (unsigned int size = 2; size <= SORT_KEYS; size <<= 1)
    {
      unsigned int up = size == SORT_KEYS || !(threadIdx.x & (size / 2));
      for (unsigned int stride = size / 2; stride > 0; stride >>= 1)
        {
          cuda_syncthreads ();
          unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
          unsigned int p = s[pos], q = s[pos + stride];
          if ((p > q) == up)
            {
              s[pos] = q;
              s[pos + stride] = p;
            }
        }
    }
  cuda_syncthreads ();
  dst[threadIdx.x] = s[threadIdx.x];
  dst[threadIdx.x + SORT_KEYS / 2] = s[threadIdx.x + SORT_KEYS / 2];
}

__attribute__ ((cuda_jit)) void
uniform_add (long n, int data[n], const int partial[n / BLOCK])
{
  static __attribute__ ((cuda_shared)) int buf;
  long id = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x == 0)
    return;
  if (threadIdx.x == 0)
    buf = partial[blockIdx.x - 1];
  cuda_syncthreads ();
  if (id < n)
    data[id] += buf;
}

static int matrix_size;
static long keys_n, add_n;
static float *matrix_a, *matrix_b, *matrix_c, *d_matrix_a, *d_matrix_b,
    *d_matrix_c;
static unsigned int *keys, *sorted, *d_keys, *d_sorted;
static int *add_data, *add_partial, *c_add_data, *d_add_data, *d_add_partial;

static void
make_barrier_shapes_data (long scale)
{
  matrix_size = 512 / (int) sqrt ((double) scale) / MATRIX_TILE * MATRIX_TILE;
  keys_n = (1L << 20) / scale / SORT_KEYS * SORT_KEYS;
  add_n = (16L << 20) / scale / BLOCK * BLOCK;
  long cells = (long) matrix_size * matrix_size;
  matrix_a = allocate (cells * sizeof *matrix_a);
  matrix_b = allocate (cells * sizeof *matrix_b);
  matrix_c = allocate (cells * sizeof *matrix_c);
  /* Small integers, whose sums are exact in any order.  */
  for (long i = 0; i < cells; i++)
    {
      matrix_a[i] = i % 7 - 3;
      matrix_b[i] = i % 5 - 2;
    }
  d_matrix_a = cuda_to_device (matrix_a, cells * sizeof *matrix_a);
  d_matrix_b = cuda_to_device (matrix_b, cells * sizeof *matrix_b);
  d_matrix_c = cuda_device_array (cells * sizeof *matrix_c);
  keys = allocate (keys_n * sizeof *keys);
  sorted = allocate (keys_n * sizeof *sorted);
  for (long i = 0; i < keys_n; i++)
    keys[i] = (i * 2654435761u) >> 7;
  d_keys = cuda_to_device (keys, keys_n * sizeof *keys);
  d_sorted = cuda_device_array (keys_n * sizeof *sorted);
  add_data = allocate (add_n * sizeof *add_data);
  c_add_data = allocate (add_n * sizeof *c_add_data);
  add_partial = allocate (add_n / BLOCK * sizeof *add_partial);
  for (long i = 0; i < add_n; i++)
    add_data[i] = i % 11;
  for (long i = 0; i < add_n / BLOCK; i++)
    add_partial[i] = i * 3;
  d_add_data = cuda_device_array (add_n * sizeof *add_data);
  d_add_partial
      = cuda_to_device (add_partial, add_n / BLOCK * sizeof *add_partial);
}

static void __attribute__ ((noinline)) measure_kernel_matrix_mul (void)
{
  cuda_launch (
      matrix_mul,
      cuda_dim3 (matrix_size / MATRIX_TILE, matrix_size / MATRIX_TILE),
      cuda_dim3 (MATRIX_TILE, MATRIX_TILE)) (matrix_size, d_matrix_c,
                                             d_matrix_a, d_matrix_b);
  cuda_synchronize ();
}
C_AND_OPENMP (
    matrix_mul, for (long i = 0; i < matrix_size; i++) {
      float *restrict row = matrix_c + i * matrix_size;
      for (long j = 0; j < matrix_size; j++)
        row[j] = 0;
      for (long k = 0; k < matrix_size; k++)
        {
          const float *restrict b_row = matrix_b + k * matrix_size;
          float a_ik = matrix_a[i * matrix_size + k];
          for (long j = 0; j < matrix_size; j++)
            row[j] += a_ik * b_row[j];
        }
    })

static void __attribute__ ((noinline)) measure_kernel_bitonic_sort (void)
{
  cuda_launch (bitonic_sort, keys_n / SORT_KEYS,
               SORT_KEYS / 2) (keys_n, d_sorted, d_keys);
  cuda_synchronize ();
}
C_AND_OPENMP (
    bitonic_sort, for (long first = 0; first < keys_n; first += SORT_KEYS) {
      unsigned int *s = sorted + first;
      memcpy (s, keys + first, SORT_KEYS * sizeof *s);
      for (unsigned int size = 2; size <= SORT_KEYS; size <<= 1)
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1)
          for (unsigned int t = 0; t < SORT_KEYS / 2; t++)
            {
              unsigned int up = size == SORT_KEYS || !(t & (size / 2));
              unsigned int pos = 2 * t - (t & (stride - 1));
              unsigned int p = s[pos];
              unsigned int q = s[pos + stride];
              if ((p > q) == up)
                {
                  s[pos] = q;
                  s[pos + stride] = p;
                }
            }
    })

static void __attribute__ ((noinline)) measure_kernel_uniform_add (void)
{
  cuda_launch (uniform_add, add_n / BLOCK, BLOCK) (add_n, d_add_data,
                                                   d_add_partial);
  cuda_synchronize ();
}
C_AND_OPENMP (
    uniform_add, for (long block = 1; block < add_n / BLOCK; block++) {
      for (long i = block * BLOCK; i < (block + 1) * BLOCK; i++)
        c_add_data[i] += add_partial[block - 1];
    })

/* Before each run of the kernel, or of a loop: what it adds to.  */
static void
reset_add_data (int kernel)
{
  if (kernel)
    cuda_copy_to_device (d_add_data, add_data, add_n * sizeof *add_data);
  else
    memcpy (c_add_data, add_data, add_n * sizeof *add_data);
}

/* Whether the kernel's BYTES at DEVICE are those at HOST.  */
static int
same_elements (const void *device, const void *host, size_t bytes)
{
  void *back = allocate (bytes);
  cuda_copy_to_host (back, device, bytes);
  int same = memcmp (back, host, bytes) == 0;
  free (back);
  return same;
}

static int
same_matrix_mul (void)
{
  return same_elements (d_matrix_c, matrix_c,
                        (long) matrix_size * matrix_size * sizeof *matrix_c);
}

static int
same_bitonic_sort (void)
{
  return same_elements (d_sorted, sorted, keys_n * sizeof *sorted);
}

static int
same_uniform_add (void)
{
  return same_elements (d_add_data, c_add_data, add_n * sizeof *add_data);
}

static const struct benchmark
{
  const char *name;
  void (*kernel) (void), (*c) (void), (*openmp) (void);
  /* Run before each run of the kernel (KERNEL nonzero) and of a loop, or
     null.  */
  void (*prepare) (int kernel);
  int (*same) (void);
  /* What its elements are, and how many.  */
  long *count;
  int *side;
} benchmarks[] = {
#define BENCHMARK(name, prepare, same, count, side)                           \
  {                                                                           \
#name, measure_kernel_##name, measure_c_##name, measure_openmp_##name,    \
        prepare, same, count, side                                            \
  }
  BENCHMARK (add, NULL, same_add, &n, NULL),
  BENCHMARK (add_stride, NULL, same_add, &n, NULL),
  BENCHMARK (double, reset_doubles, same_double, &m, NULL),
  BENCHMARK (gaussian, NULL, same_add, &n, NULL),
  BENCHMARK (stencil, NULL, same_stencil, NULL, &stencil_size),
  BENCHMARK (transpose, NULL, same_transpose, NULL, &transpose_size),
  BENCHMARK (tile_transpose, NULL, same_transpose, NULL, &transpose_size),
  BENCHMARK (block_sum, NULL, same_block_sum, &reduce_n, NULL),
  BENCHMARK (histogram, clear_bins, same_histogram, &n, NULL),
  BENCHMARK (histogram_shared, clear_bins, same_histogram, &n, NULL),
  BENCHMARK (warp_sum, NULL, same_warp_sum, &warp_n, NULL),
  BENCHMARK (warp_scan, NULL, same_warp_scan, &warp_n, NULL),
  BENCHMARK (ballot_count, NULL, same_ballot_count, &warp_n, NULL),
  BENCHMARK (warp_atomic, clear_total, same_warp_atomic, &warp_n, NULL),
  BENCHMARK (warp_butterfly, NULL, same_warp_butterfly, &warp_n, NULL),
  BENCHMARK (cub_block_sum, NULL, same_block_sum, &reduce_n, NULL),
  BENCHMARK (stride_warp_sum, NULL, same_stride_warp_sum, &warp_n, NULL),
  BENCHMARK (collective_block_sum, NULL, same_block_sum, &reduce_n, NULL),
  BENCHMARK (collective_block_scan, NULL, same_warp_scan, &warp_n, NULL),
  BENCHMARK (collective_warp_sum, NULL, same_warp_sum, &warp_n, NULL),
  BENCHMARK (collective_warp_scan, NULL, same_warp_scan, &warp_n, NULL),
  BENCHMARK (heat, NULL, same_heat, NULL, &heat_size),
  BENCHMARK (heat_tiled, NULL, same_heat, NULL, &heat_size),
  BENCHMARK (heat_newcomer, NULL, same_heat, NULL, &heat_size),
  BENCHMARK (matrix_mul, NULL, same_matrix_mul, NULL, &matrix_size),
  BENCHMARK (bitonic_sort, NULL, same_bitonic_sort, &keys_n, NULL),
  BENCHMARK (uniform_add, reset_add_data, same_uniform_add, &add_n, NULL),
#undef BENCHMARK
};

/* CPU time of the process, or of the calling thread alone: the C loop's
   is its thread's, since OpenMP's threads, after the OpenMP loop, spin
   for work a while (milliseconds on 16 cores) in the process's time.  */
static double
cpu_seconds (clockid_t clock)
{
  struct timespec t;
  clock_gettime (clock, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double
wall_seconds (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

struct times
{
  double cpu, wall;
};

/* OpenMP's threads and the CPU backend's look for work a while after
   each run before they sleep, on cores that the next run wants: each
   run starts after they have gone to sleep.  */
#define SETTLE_NS 5000000

static void
time_run (void (*run) (void), void (*prepare) (int kernel), int kernel,
          clockid_t clock, struct times *best)
{
  if (prepare)
    prepare (kernel);
  nanosleep (&(struct timespec){ 0, SETTLE_NS }, NULL);
  double cpu = cpu_seconds (clock), wall = wall_seconds ();
  run ();
  cpu = cpu_seconds (clock) - cpu;
  wall = wall_seconds () - wall;
  best->cpu = cpu < best->cpu ? cpu : best->cpu;
  best->wall = wall < best->wall ? wall : best->wall;
}

static long
elements (const struct benchmark *b)
{
  return b->count ? *b->count : (long) *b->side * *b->side;
}

/* Run B REPEATS times each way; false if the kernel's results differ.  */
static int
measure (const struct benchmark *b, int repeats)
{
  struct times kernel = { INFINITY, INFINITY }, c = kernel, openmp = kernel;
  int same;

  for (int r = 0; r < repeats; r++)
    {
      time_run (b->kernel, b->prepare, 1, CLOCK_PROCESS_CPUTIME_ID, &kernel);
      time_run (b->openmp, b->prepare, 0, CLOCK_PROCESS_CPUTIME_ID, &openmp);
      /* The C loop last, as the results compared with the kernel's.  */
      time_run (b->c, b->prepare, 0, CLOCK_THREAD_CPUTIME_ID, &c);
    }
  same = b->same ();
  printf ("%-15s %10ld %9.1f %9.1f %6.2f %9.1f %9.1f %6.2f%s\n", b->name,
          elements (b), kernel.cpu * 1e3, c.cpu * 1e3, kernel.cpu / c.cpu,
          kernel.wall * 1e3, openmp.wall * 1e3, kernel.wall / openmp.wall,
          same ? "" : "  WRONG RESULTS");
  return same;
}

/* Small launches: what a launch of one block of SMALL_THREADS threads
   costs, and one of SMALL_GRID such blocks, more than a pool has threads,
   each thread writing its index; against the same work on one thread in
   plain C, and in an OpenMP loop over the blocks on every core.  OpenMP
   runs a single block's iterations on the calling thread, as a launch of
   one block does.  Microseconds per launch, the best of SMALL_BATCHES
   batches of SMALL_LAUNCHES each round, which a busy machine's pauses
   spoil less than one long run.  */

enum
{
  SMALL_THREADS = 32,
  SMALL_GRID = 64,
  SMALL_LAUNCHES = 1000,
  SMALL_BATCHES = 20
};

static int small_out[SMALL_GRID * SMALL_THREADS];

static void __attribute__ ((noinline)) small_c (unsigned int blocks)
{
  for (long i = 0; i < (long) blocks * SMALL_THREADS; i++)
    small_out[i] = i;
}

static void __attribute__ ((noinline)) small_openmp (unsigned int blocks)
{
#pragma omp parallel for if (blocks > 1)
  for (unsigned int b = 0; b < blocks; b++)
    for (long i = b * SMALL_THREADS; i < (b + 1L) * SMALL_THREADS; i++)
      small_out[i] = i;
}

/* The wall time of SMALL_LAUNCHES launches of BLOCKS blocks (KERNEL
   nonzero), or runs of the C loop (OPENMP zero) or of the OpenMP one, in
   microseconds a launch, the best of SMALL_BATCHES; at most *BEST.  */
static void
time_small (int kernel, int openmp, unsigned int blocks, int *d_small,
            double *best)
{
  nanosleep (&(struct timespec){ 0, SETTLE_NS }, NULL);
  for (int batch = 0; batch < SMALL_BATCHES; batch++)
    {
      double wall = wall_seconds ();
      for (int i = 0; i < SMALL_LAUNCHES; i++)
        if (kernel)
          cuda_launch (tiny, blocks, SMALL_THREADS) (d_small);
        else if (openmp)
          small_openmp (blocks);
        else
          small_c (blocks);
      if (kernel)
        cuda_synchronize ();
      wall = (wall_seconds () - wall) / SMALL_LAUNCHES * 1e6;
      *best = wall < *best ? wall : *best;
    }
}

static int
measure_small_launches (int repeats)
{
  static const unsigned int grids[] = { 1, SMALL_GRID };
  int *d_small = cuda_device_array (sizeof small_out);
  int back[SMALL_GRID * SMALL_THREADS], all_same = 1;

  printf ("%-15s %10s %9s %9s %6s %9s %6s\n", "launch of", "blocks", "us",
          "C us", "ratio", "OpenMP us", "ratio");
  for (size_t g = 0; g < sizeof grids / sizeof *grids; g++)
    {
      double kernel = INFINITY, c = INFINITY, openmp = INFINITY;
      long count = (long) grids[g] * SMALL_THREADS;

      for (int r = 0; r < repeats; r++)
        {
          time_small (1, 0, grids[g], d_small, &kernel);
          time_small (0, 1, grids[g], d_small, &openmp);
          time_small (0, 0, grids[g], d_small, &c);
        }
      cuda_copy_to_host (back, d_small, count * sizeof *back);
      int same = memcmp (back, small_out, count * sizeof *back) == 0;
      all_same &= same;
      printf ("%-15s %10u %9.2f %9.3f %6.0f %9.2f %6.2f%s\n", "small launches",
              grids[g], kernel, c, kernel / c, openmp, kernel / openmp,
              same ? "" : "  WRONG RESULTS");
    }
  cuda_free (d_small);
  return all_same;
}

int
main (int argc, char **argv)
{
  const char *only = NULL;
  long scale = 1;
  int repeats = REPEATS, all_same = 1;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (strcmp (argv[i], "--scale") == 0 && i + 1 < argc)
      scale = atol (argv[++i]);
    else if (strcmp (argv[i], "--repeats") == 0 && i + 1 < argc)
      repeats = atoi (argv[++i]);
    else
      {
        fprintf (stderr, "usage: %s [--only NAME] [--scale N] [--repeats N]\n",
                 argv[0]);
        return 2;
      }
  if (scale < 1 || scale > 1024 || repeats < 1)
    {
      fprintf (stderr,
               "cpu-backend: --scale 1 to 1024, --repeats 1 or more\n");
      return 2;
    }
  make_data (scale);
  make_barrier_shapes_data (scale);
  printf ("best of %d; CPU time: the kernel on the CPU backend against a C "
          "loop on one thread;\nwall time: the kernel against the loop with "
          "OpenMP on every core\n",
          repeats);
  printf ("%-15s %10s %9s %9s %6s %9s %9s %6s\n", "kernel", "elements",
          "cpu ms", "C ms", "ratio", "wall ms", "OpenMP ms", "ratio");
  for (size_t i = 0; i < sizeof benchmarks / sizeof *benchmarks; i++)
    if (!only || strcmp (only, benchmarks[i].name) == 0)
      all_same &= measure (&benchmarks[i], repeats);
  if (!only || strcmp (only, "small_launches") == 0)
    all_same &= measure_small_launches (repeats);
  return !all_same;
}
