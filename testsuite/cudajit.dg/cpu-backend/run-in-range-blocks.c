/* Comparisons of the global index against a bound inside expressions,
   which a warp kernel writes because every lane must reach the shuffle:
   i < n ? x[i] : 0, a ballot of i < n && a[i] > c.  The CPU backend runs
   the blocks in which every thread passes them with the comparisons
   true, and the others as written.  Each kernel runs on blocks of 64
   threads, all whole but the last, with bounds that end in the middle of
   a block, at its end, before the first and past the last; also a kernel
   whose bound changes in its body, one whose index is an unsigned sum
   converted to int that wraps inside a block, and one that compares
   threadIdx.y, not x.  Each result is compared with plain C that
   computes what each thread gets.  A 2-D kernel compares both x and
   y.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCK = 64,
  BLOCKS = 4,
  THREADS = BLOCK * BLOCKS,
  WARPS = THREADS / WARP,
  /* And the 2-D kernel's 24 x 12 threads.  */
  ELEMENTS = 24 * 12,
  ABOVE = 100
};

/* The shuffle reads other lanes through the block function's own test
   of the lane it reads, which must not be taken for the kernel's.  */
__attribute__ ((cuda_jit)) void
warp_sum (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
ballot_count (long n, const int *a, int *counts)
{
  long i = cuda_grid_x ();
  unsigned int above = cuda_ballot_sync (FULL, i < n && a[i] > ABOVE);
  if (threadIdx.x % WARP == 0)
    counts[i / WARP] = __builtin_popcount (above);
}

/* Without a warp function: a bound below and one above.  */
__attribute__ ((cuda_jit)) void
select (int lo, int hi, const float *x, float *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i >= lo && i < hi ? x[i] * 3 : -1;
}

/* On x and y, in blocks of 8 x 4.  */
__attribute__ ((cuda_jit)) void
select_2d (int w, int h, const float *x, float *out)
{
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int at = row * (int) (gridDim.x * blockDim.x) + col;
  out[at] = col < w && row < h ? x[at] * 3 : -1;
}

/* N changes in the body: its first comparison's bound is not the
   second's.  */
__attribute__ ((cuda_jit)) void
changed_bound (long n, const float *x, float *out)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  n -= BLOCK / 2;
  out[i] = v + (i < n ? 2 * x[i] : 0);
}

/* BASE + threadIdx.x, computed unsigned and converted to int, wraps to
   negative values where it passes INT_MAX.  */
__attribute__ ((cuda_jit)) void
wrapped (unsigned int base, int lo, int *out)
{
  int i = base + threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = i >= lo ? 1 : 2;
}

/* A comparison of threadIdx.y, which varies within the loop over x's
   rows.  */
__attribute__ ((cuda_jit)) void
rows (int n, int *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int y = threadIdx.y;
  int t = (blockIdx.x * blockDim.y + y) * blockDim.x + threadIdx.x;
  out[t] = y + i < n ? t : -t;
}

static int errors;

static void
check (const char *what, long n, long i, double got, double want)
{
  if (got != want && errors++ < 10)
    printf ("%s, bound %ld: element %ld is %g, not %g\n", what, n, i, got,
            want);
}

int
main (void)
{
  float *x = cuda_managed_array (ELEMENTS * sizeof *x);
  float *out = cuda_managed_array (ELEMENTS * sizeof *out);
  float *sums = cuda_managed_array (WARPS * sizeof *sums);
  int *a = cuda_managed_array (ELEMENTS * sizeof *a);
  int *counts = cuda_managed_array (WARPS * sizeof *counts);
  int *marks = cuda_managed_array (THREADS * sizeof *marks);
  static const long bounds[] = { -5,
                                 0,
                                 1,
                                 BLOCK / 2,
                                 BLOCK,
                                 BLOCK + 7,
                                 THREADS - BLOCK,
                                 THREADS - BLOCK + 40,
                                 THREADS,
                                 THREADS + 3,
                                 LONG_MAX };
  for (int i = 0; i < ELEMENTS; i++)
    {
      x[i] = (float) (i % 13) - 4;
      a[i] = (i * 37) % 211;
    }

  for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++)
    {
      long n = bounds[b];
      cuda_launch (warp_sum, BLOCKS, BLOCK) (n, x, sums);
      cuda_launch (ballot_count, BLOCKS, BLOCK) (n, a, counts);
      cuda_synchronize ();
      for (int w = 0; w < WARPS; w++)
        {
          float sum = 0;
          int count = 0;
          for (long i = w * WARP; i < (w + 1) * WARP; i++)
            if (i < n)
              {
                sum += x[i];
                count += a[i] > ABOVE;
              }
          check ("warp_sum", n, w, sums[w], sum);
          check ("ballot_count", n, w, counts[w], count);
        }

      cuda_launch (changed_bound, BLOCKS, BLOCK) (n, x, out);
      cuda_synchronize ();
      for (long i = 0; i < THREADS; i++)
        check ("changed_bound", n, i, out[i],
               (i < n ? x[i] : 0) + (i < n - BLOCK / 2 ? 2 * x[i] : 0));

      int lo = n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int) n;
      int hi = lo + BLOCK + 9;
      cuda_launch (select, BLOCKS, BLOCK) (lo, hi, x, out);
      cuda_synchronize ();
      for (long i = 0; i < THREADS; i++)
        check ("select", n, i, out[i], i >= lo && i < hi ? x[i] * 3 : -1);

      cuda_launch (rows, BLOCKS / 2, cuda_dim3 (BLOCK / 2, 2)) (lo, marks);
      cuda_synchronize ();
      for (int bx = 0; bx < BLOCKS / 2; bx++)
        for (int y = 0; y < 2; y++)
          for (int tx = 0; tx < BLOCK / 2; tx++)
            {
              int i = bx * (BLOCK / 2) + tx;
              int t = (bx * 2 + y) * (BLOCK / 2) + tx;
              check ("rows", n, t, marks[t], y + i < lo ? t : -t);
            }
    }

  /* 24 x 12 threads in blocks of 8 x 4: bounds within the last
     block and before it, on each axis.  */
  static const int sides[][2]
      = { { 24, 12 }, { 20, 12 }, { 24, 10 }, { 16, 8 },
          { 5, 3 },   { 0, 0 },   { -1, 12 }, { 30, 30 } };
  for (size_t s = 0; s < sizeof sides / sizeof *sides; s++)
    {
      int w = sides[s][0], h = sides[s][1];
      cuda_launch (select_2d, cuda_dim3 (3, 3), cuda_dim3 (8, 4)) (w, h, x,
                                                                   out);
      cuda_synchronize ();
      for (int row = 0; row < 12; row++)
        for (int col = 0; col < 24; col++)
          check ("select_2d", w * 100 + h, row * 24 + col, out[row * 24 + col],
                 col < w && row < h ? x[row * 24 + col] * 3 : -1);
    }

  /* Past INT_MAX within the block, and not.  */
  static const unsigned int bases[]
      = { 0, INT_MAX - 10u, INT_MAX - BLOCK + 1u };
  static const int los[] = { INT_MIN, -5, 0, 3, INT_MAX - 20, INT_MAX - 3 };
  for (size_t b = 0; b < sizeof bases / sizeof *bases; b++)
    for (size_t l = 0; l < sizeof los / sizeof *los; l++)
      {
        memset (marks, 0, THREADS * sizeof *marks);
        cuda_launch (wrapped, BLOCKS, BLOCK) (bases[b], los[l], marks);
        cuda_synchronize ();
        for (long t = 0; t < THREADS; t++)
          {
            int i = (int) (bases[b] + (unsigned int) (t % BLOCK));
            check ("wrapped", los[l], t, marks[t], i >= los[l] ? 1 : 2);
          }
      }

  printf ("in-range blocks: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "in-range blocks: 0 errors" } */
/* { dg-cudajit-levels all } */
