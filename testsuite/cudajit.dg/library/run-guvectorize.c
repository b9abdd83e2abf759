/* cuda_guvectorize against the same function called for each instance in
   a plain C loop: a matrix-vector product with two variable extents, a
   function with a constant extent and a scalar, the instance counts 0, 1,
   a prime and one that is no multiple of a block; host and device arrays,
   const ones copied in only; a stream.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
matvec (int m, int n, const double a[m][n], const double x[n], double y[m])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += a[i][j] * x[j];
      y[i] = s;
    }
}

/* A constant extent and a scalar: each instance of 3 floats scaled in
   place.  */
__attribute__ ((cuda_device)) void
scale3 (float v[3], float factor)
{
  for (int i = 0; i < 3; i++)
    v[i] *= factor;
}

static int failures;

static void
check (const char *what, long count, long i, double got, double expected)
{
  if (got != expected && failures++ < 10)
    printf ("%s, %ld instances: element %ld is %g, not %g\n", what, count, i,
            got, expected);
}

static void
test_count (long count)
{
  enum
  {
    M = 3,
    N = 5
  };
  double *a = malloc ((count * M * N + 1) * sizeof *a);
  double *x = malloc ((count * N + 1) * sizeof *x);
  double *y = malloc ((count * M + 1) * sizeof *y);
  double *a_copy = malloc ((count * M * N + 1) * sizeof *a);
  float *v = malloc ((count * 3 + 1) * sizeof *v);
  for (long i = 0; i < count * M * N; i++)
    a[i] = (double) (i % 17) - 8;
  for (long i = 0; i < count * N; i++)
    x[i] = (double) (i % 5) + 0.5;
  for (long i = 0; i < count * 3; i++)
    v[i] = (float) (i % 11);
  memcpy (a_copy, a, count * M * N * sizeof *a);
  y[count * M] = -1;

  cuda_guvectorize (matvec, count) (M, N, a, x, y);
  for (long k = 0; k < count; k++)
    {
      double expected[M];
      matvec (M, N, (const double (*)[N]) (a + k * M * N), x + k * N,
              expected);
      for (int i = 0; i < M; i++)
        check ("matvec", count, k * M + i, y[k * M + i], expected[i]);
    }
  check ("matvec past the end", count, count * M, y[count * M], -1);
  for (long i = 0; i < count * M * N; i++)
    check ("the const array after", count, i, a[i], a_copy[i]);

  /* In device memory, on a stream; the scalar an int made a float.  */
  if (count)
    {
      cuda_stream_t stream = cuda_stream ();
      float *dev = cuda_to_device (v, count * 3 * sizeof *v);
      cuda_guvectorize (scale3, count, .stream = stream) (dev, 3);
      cuda_stream_synchronize (stream);
      float *back = malloc (count * 3 * sizeof *back);
      cuda_copy_to_host (back, dev, count * 3 * sizeof *back);
      for (long i = 0; i < count * 3; i++)
        check ("scale3", count, i, back[i], v[i] * 3);
      free (back);
      cuda_free (dev);
      cuda_stream_destroy (stream);
    }
  free (a);
  free (x);
  free (y);
  free (a_copy);
  free (v);
}

int
main (void)
{
  static const long counts[] = { 0, 1, 7, 1000, 100003 };
  for (unsigned int i = 0; i < sizeof counts / sizeof *counts; i++)
    test_count (counts[i]);
  if (failures)
    printf ("%d failures\n", failures);
  else
    puts ("cuda_guvectorize: all equal");
  return failures != 0;
}
/* { dg-output "cuda_guvectorize: all equal" } */
/* { dg-cudajit-levels all } */
