/* Extents that C99 computes from the other parameters, as users write
   them (out[n / 256], in[2 * n], g[rows * cols], p[rows][cols + 2]): each
   launch computes them from its arguments and copies its host arrays, one
   and two-dimensional, const (in only) and not (in and out), by them, and
   the results are those of plain C; other operators compute theirs too.
   run-array-extent-expressions-bounds.c runs it with the copies checked
   element for element.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256
#define ADDRS 4

/* The sum of each block of 2 * 256 elements of IN.  */
__attribute__ ((cuda_jit)) void
block_sums (int n, float out[n / 256], const float in[2 * n])
{
  int i = cuda_grid_x ();

  if (i < n / BLOCK)
    {
      float sum = 0;
      for (int j = 0; j < 2 * BLOCK; j++)
        sum += in[2 * BLOCK * i + j];
      out[i] = sum;
    }
}

/* G scaled in place; each row of M, with its ends, doubled into P with
   the row's sum and its negation for ends.  */
__attribute__ ((cuda_jit)) void
rows_of (int rows, int cols, float g[rows * cols],
         const float m[rows][cols + 2], float p[rows][cols + 2])
{
  int r = cuda_grid_x ();

  if (r < rows)
    {
      float sum = 0;
      for (int c = 0; c < cols; c++)
        {
          g[r * cols + c] = 3 * g[r * cols + c] + 1;
          p[r][c + 1] = 2 * m[r][c + 1];
          sum += m[r][c + 1];
        }
      p[r][0] = sum + m[r][0];
      p[r][cols + 1] = -sum + m[r][cols + 1];
    }
}

/* Extents of parameters and of expressions mixed, each array's its own
   (GCC 11 keeps the lists of bounds in an order of its own), and one
   with a macro's constant: each element of A and C updated in place, C's
   first half from B, ADDRS filled with its indices.  */
__attribute__ ((cuda_jit)) void
mixed (int n, int m, float a[n], const float b[m / 2], float c[m],
       int addrs[n * ADDRS])
{
  int i = cuda_grid_x ();

  if (i < n)
    {
      a[i] = 2 * a[i] + 1;
      for (int k = 0; k < ADDRS; k++)
        addrs[i * ADDRS + k] = i * ADDRS + k;
    }
  if (i < m)
    c[i] = i < m / 2 ? b[i] + c[i] : -c[i];
}

/* Each array filled with its indices, by the extent each declares.  */
__attribute__ ((cuda_jit)) void
operators (long n, unsigned int u, int a[(n + 3) & ~3L],
           int b[n > 10 ? n - 10 : 1], int c[(n << 1) | 1],
           int d[(n % 7) ^ 2], int e[sizeof (int) * n / 4 - (-n >> 1)],
           int f[(int) (n * 1.5)], int g[u - 1u], int h[-(-n) * (u >= 2)])
{
  long i = cuda_grid_x ();

  if (i < ((n + 3) & ~3L))
    a[i] = i;
  if (i < (n > 10 ? n - 10 : 1))
    b[i] = i;
  if (i < ((n << 1) | 1))
    c[i] = i;
  if (i < ((n % 7) ^ 2))
    d[i] = i;
  if (i < (long) (sizeof (int) * n / 4 - (-n >> 1)))
    e[i] = i;
  if (i < (int) (n * 1.5))
    f[i] = i;
  if (i < u - 1u)
    g[i] = i;
  if (i < -(-n) * (u >= 2))
    h[i] = i;
}

static int failures;

static void
check (const char *what, long i, double got, double want)
{
  if (got != want && failures++ < 10)
    printf ("%s[%ld]: %g, not %g\n", what, i, got, want);
}

static float *
floats (long count)
{
  float *a = malloc (count * sizeof *a);
  for (long i = 0; i < count; i++)
    a[i] = (float) (i % 17) - 8;
  return a;
}

int
main (void)
{
  int n = 4 * BLOCK;
  float *in = floats (2 * n), *out = floats (n / BLOCK);
  cuda_launch (block_sums, 1, 32) (n, out, in);
  for (int i = 0; i < n / BLOCK; i++)
    {
      float sum = 0;
      for (int j = 0; j < 2 * BLOCK; j++)
        sum += in[2 * BLOCK * i + j];
      check ("out", i, out[i], sum);
    }

  int rows = 5, cols = 7;
  float *g = floats (rows * cols), *want_g = floats (rows * cols);
  float(*m)[cols + 2] = malloc (rows * sizeof *m);
  float(*p)[cols + 2] = malloc (rows * sizeof *p);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols + 2; c++)
      m[r][c] = r * 10 + c;
  cuda_launch (rows_of, 1, 32) (rows, cols, g, m, p);
  for (int r = 0; r < rows; r++)
    {
      float sum = 0;
      for (int c = 0; c < cols; c++)
        {
          check ("g", r * cols + c, g[r * cols + c],
                 3 * want_g[r * cols + c] + 1);
          check ("p", r * (cols + 2) + c + 1, p[r][c + 1], 2 * m[r][c + 1]);
          sum += m[r][c + 1];
        }
      check ("p", r * (cols + 2), p[r][0], sum + m[r][0]);
      check ("p", r * (cols + 2) + cols + 1, p[r][cols + 1],
             -sum + m[r][cols + 1]);
    }

  int n3 = 5, m3 = 12;
  float *a = floats (n3), *b = floats (m3 / 2), *c = floats (m3);
  float *want_a = floats (n3), *want_c = floats (m3);
  int *addrs = calloc (n3 * ADDRS, sizeof (int));
  cuda_launch (mixed, 1, 32) (n3, m3, a, b, c, addrs);
  for (int i = 0; i < n3; i++)
    check ("a", i, a[i], 2 * want_a[i] + 1);
  for (int i = 0; i < m3; i++)
    check ("c", i, c[i], i < m3 / 2 ? b[i] + want_c[i] : -want_c[i]);
  for (int i = 0; i < n3 * ADDRS; i++)
    check ("addrs", i, addrs[i], i);

  /* Each array as long as its extent, and the launch as wide as the
     longest; H is device memory, passed as it is.  */
  long n2 = 13;
  unsigned int u = 9;
  long extents[] = { (n2 + 3) & ~3L,
                     n2 > 10 ? n2 - 10 : 1,
                     (n2 << 1) | 1,
                     (n2 % 7) ^ 2,
                     sizeof (int) * n2 / 4 - (-n2 >> 1),
                     (int) (n2 * 1.5),
                     u - 1u,
                     -(-n2) * (u >= 2) };
  const char *names = "abcdefgh";
  int *arrays[8];
  for (int k = 0; k < 8; k++)
    arrays[k] = calloc (extents[k], sizeof (int));
  int *device_h = cuda_device_array (extents[7] * sizeof (int));
  cuda_launch (operators, 1, 64) (n2, u, arrays[0], arrays[1], arrays[2],
                                  arrays[3], arrays[4], arrays[5], arrays[6],
                                  device_h);
  cuda_copy_to_host (arrays[7], device_h, extents[7] * sizeof (int));
  for (int k = 0; k < 8; k++)
    for (long i = 0; i < extents[k]; i++)
      check ((char[]){ names[k], 0 }, i, arrays[k][i], i);
  cuda_free (device_h);

  printf ("extent expressions: %d failures\n", failures);
  return failures != 0;
}

/* { dg-output "extent expressions: 0 failures" } */
/* { dg-cudajit-levels all } */
