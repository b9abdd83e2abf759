/* SPDX-License-Identifier: MIT */
/* Seed 002's add ufuncs.  @vectorize (['int64(int64, int64)']) add_ufunc
   on a + b and on b_col + c, where NumPy broadcasts the column b_col over
   the rows of c: in C, one call a row, b[i] a scalar that cuda_vectorize
   broadcasts.  (The seed's cell lost these arrays; they are the ones of
   the tutorial it comes from.)  Then @vectorize
   (['float32(float32, float32)']) add_ufunc on 100000 elements, on host
   arrays, on device arrays, and into a device array for its output, each
   timed as %timeit does.  */

#include "notebook.h"
#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>

static int64_t
add_ufunc (int64_t x, int64_t y)
{
  return x + y;
}

/* The seed's float32 add_ufunc, which C needs another name for.  */
static float
add_ufunc_float32 (float x, float y)
{
  return x + y;
}

/* A 4 x 4 int64 array, as print (label, x) shows it after LABEL.  */
static void
print_4x4 (const int64_t x[4][4])
{
  int width = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      {
        int w = snprintf (NULL, 0, "%lld", (long long) x[i][j]);
        width = w > width ? w : width;
      }
  for (int i = 0; i < 4; i++)
    {
      printf (i ? "\n [" : " [[");
      for (int j = 0; j < 4; j++)
        printf ("%s%*lld", j ? " " : "", width, (long long) x[i][j]);
      printf ("]");
    }
  printf ("]\n");
}

enum
{
  N = 100000,
  RUNS = 7,
  LOOPS = 100
};

int
main (void)
{
  int64_t a[4] = { 1, 2, 3, 4 }, b[4] = { 10, 20, 30, 40 }, a_b[4];
  int64_t c[4][4], b_col_c[4][4];
  for (int i = 0; i < 16; i++)
    c[i / 4][i % 4] = i;
  long mismatches = 0;

  cuda_vectorize (add_ufunc, 4) (a_b, a, b);
  long long shown[4];
  for (int i = 0; i < 4; i++)
    {
      shown[i] = a_b[i];
      mismatches += a_b[i] != a[i] + b[i];
    }
  printf ("a+b:\n ");
  numpy_print_ints (shown, 4);
  printf ("\n");
  for (int i = 0; i < 4; i++)
    cuda_vectorize (add_ufunc, 4) (b_col_c[i], b[i], c[i]);
  printf ("b_col + c:\n");
  print_4x4 ((const int64_t (*)[4]) b_col_c);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      mismatches += b_col_c[i][j] != b[i] + c[i][j];

  static float x[N], y[N], out_host[N];
  for (long i = 0; i < N; i++)
    {
      x[i] = i;
      y[i] = 2 * x[i];
    }
  /* Baseline performance with host arrays.  */
  NOTEBOOK_TIMEIT (RUNS, LOOPS,
                   cuda_vectorize (add_ufunc_float32, N) (out_host, x, y));

  float *x_device = cuda_to_device (x, sizeof x);
  float *y_device = cuda_to_device (y, sizeof y);
  printf ("<cudajit device array at %p>\n", (void *) x_device);
  printf ("(%d,)\n", N);
  printf ("float32\n");

  /* The output still goes to the host at each call.  */
  NOTEBOOK_TIMEIT (
      RUNS, LOOPS,
      cuda_vectorize (add_ufunc_float32, N) (out_host, x_device, y_device));

  /* Similar to np.empty (): does not initialize the contents.  */
  float *out_device = cuda_device_array_of (float, N);
  NOTEBOOK_TIMEIT (
      RUNS, LOOPS,
      cuda_vectorize (add_ufunc_float32, N) (out_device, x_device, y_device));

  cuda_copy_to_host (out_host, out_device, sizeof out_host);
  double first[10];
  for (int i = 0; i < 10; i++)
    first[i] = out_host[i];
  numpy_print_floats (first, 10, 0, NULL); /* print(out_host[:10]) */
  for (long i = 0; i < N; i++)
    mismatches += out_host[i] != x[i] + y[i];
  cuda_free (x_device);
  cuda_free (y_device);
  cuda_free (out_device);
  printf ("add-ufunc: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
