/* Guards on the thread's index, which the CPU backend makes the bounds of
   its loops over a block's threads: comparisons each way, signed and
   unsigned, equality, with offsets, with limits at the ends of their types, with
   conditions that do not depend on the thread and with others that
   stay.  Each kernel marks the threads that pass its guard; the same
   condition, computed here for each thread, says which must.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

enum
{
  THREADS = 64,
  BLOCKS = 3,
  N = THREADS * BLOCKS,
  SIDE = 8
};

#define BELOW(i, n) ((i) < (n))
#define BETWEEN(t, lo, hi, flag) ((t) >= (lo) && (t) <= (hi) && (flag))
#define ABOVE(k, t) ((k) > (t))
#define EQUAL(t, k) ((t) == (k))
#define SHIFTED(t, offset, n) ((long) (t) + (offset) < (n))
#define UNSIGNED_SUM(t, base, n) ((t) + (base) < (n))
#define INSIDE(x, y, size) ((x) > 0 && (y) > 0 && (x) < (size) - 1 && (y) < (size) - 1)
#define WITH_LOAD(i, n, in) ((i) < (n) && (in)[(i) % N] > 2)

__attribute__ ((cuda_jit)) void
below (long n, int out[N])
{
  long i = cuda_grid_x ();
  if (BELOW (i, n))
    out[i] = 1;
}

__attribute__ ((cuda_jit)) void
between (int lo, int hi, int flag, int out[N])
{
  int t = threadIdx.x;
  if (BETWEEN (t, lo, hi, flag))
    out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
above (unsigned int k, int out[N])
{
  unsigned int t = threadIdx.x;
  if (ABOVE (k, t))
    out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
equal (int k, int out[N])
{
  if (EQUAL ((int) threadIdx.x, k))
    out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
shifted (long offset, long n, int out[N])
{
  if (SHIFTED (threadIdx.x, offset, n))
    out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
unsigned_sum (unsigned int base, unsigned int n, int out[N])
{
  if (UNSIGNED_SUM (threadIdx.x, base, n))
    out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
inside (int size, int out[SIDE][SIDE])
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (INSIDE (x, y, size))
    out[y][x] = 1;
}

__attribute__ ((cuda_jit)) void
with_load (long n, const int in[N], int out[N])
{
  long i = cuda_grid_x ();
  if (WITH_LOAD (i, n, in))
    out[i] = 1;
}

static int errors;

static void
check (const char *what, const int *out, const int *expected, int count)
{
  for (int i = 0; i < count; i++)
    if (out[i] != expected[i])
      {
        printf ("%s: element %d is %d, not %d\n", what, i, out[i],
                expected[i]);
        errors++;
        return;
      }
}

int
main (void)
{
  static int out[N], expected[N], in[N];
  static int out2[SIDE][SIDE], expected2[SIDE][SIDE];

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 5;

  static const long limits[]
      = { LONG_MIN, -5, 0, 1, 37, THREADS, N - 1, N, N + 9, LONG_MAX };
  for (size_t l = 0; l < sizeof limits / sizeof *limits; l++)
    {
      long n = limits[l];
      memset (out, 0, sizeof out);
      cuda_launch (below, BLOCKS, THREADS) (n, out);
      for (long i = 0; i < N; i++)
        expected[i] = BELOW (i, n);
      check ("below", out, expected, N);

      memset (out, 0, sizeof out);
      cuda_launch (with_load, BLOCKS, THREADS) (n, in, out);
      for (long i = 0; i < N; i++)
        expected[i] = WITH_LOAD (i, n, in);
      check ("with_load", out, expected, N);

      static const long offsets[] = { LONG_MIN, -40, 0, 3, LONG_MAX - 64 };
      for (size_t o = 0; o < sizeof offsets / sizeof *offsets; o++)
        {
          memset (out, 0, sizeof out);
          cuda_launch (shifted, BLOCKS, THREADS) (offsets[o], n, out);
          for (int i = 0; i < N; i++)
            expected[i] = SHIFTED (i % THREADS, offsets[o], n);
          check ("shifted", out, expected, N);
        }
    }

  static const int bounds[] = { INT_MIN, -3, 0, 5, THREADS - 1, THREADS, INT_MAX };
  for (size_t l = 0; l < sizeof bounds / sizeof *bounds; l++)
    for (size_t h = 0; h < sizeof bounds / sizeof *bounds; h++)
      for (int flag = 0; flag < 2; flag++)
        {
          int lo = bounds[l], hi = bounds[h];
          memset (out, 0, sizeof out);
          cuda_launch (between, BLOCKS, THREADS) (lo, hi, flag, out);
          for (int i = 0; i < N; i++)
            expected[i] = BETWEEN (i % THREADS, lo, hi, flag);
          check ("between", out, expected, N);
        }
  for (size_t l = 0; l < sizeof bounds / sizeof *bounds; l++)
    {
      memset (out, 0, sizeof out);
      cuda_launch (equal, BLOCKS, THREADS) (bounds[l], out);
      for (int i = 0; i < N; i++)
        expected[i] = EQUAL (i % THREADS, bounds[l]);
      check ("equal", out, expected, N);
    }

  static const unsigned int ks[] = { 0, 1, 31, THREADS, UINT_MAX };
  for (size_t k = 0; k < sizeof ks / sizeof *ks; k++)
    {
      memset (out, 0, sizeof out);
      cuda_launch (above, BLOCKS, THREADS) (ks[k], out);
      for (int i = 0; i < N; i++)
        expected[i] = ABOVE (ks[k], (unsigned int) (i % THREADS));
      check ("above", out, expected, N);

      /* threadIdx.x + base wraps around in unsigned int.  */
      memset (out, 0, sizeof out);
      cuda_launch (unsigned_sum, BLOCKS, THREADS) (UINT_MAX - 20, ks[k], out);
      for (int i = 0; i < N; i++)
        expected[i] = UNSIGNED_SUM ((unsigned int) (i % THREADS),
                                    UINT_MAX - 20, ks[k]);
      check ("unsigned_sum", out, expected, N);
    }

  for (int size = 0; size <= SIDE + 1; size++)
    {
      memset (out2, 0, sizeof out2);
      cuda_launch (inside, cuda_dim3 (2, 2), cuda_dim3 (SIDE / 2, SIDE / 2))
          (size, out2);
      for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
          expected2[y][x] = INSIDE (x, y, size);
      check ("inside", &out2[0][0], &expected2[0][0], SIDE * SIDE);
    }

  printf ("guard bounds: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "guard bounds: 0 errors" } */
/* { dg-cudajit-levels all } */
