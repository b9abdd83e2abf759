/* cuda_vectorize against the same function applied in a plain C loop:
   sizes 0, 1, a prime, a size that is no multiple of a block, a large
   one; host and device arrays; scalars broadcast and converted to the
   parameters' types as in a call; elements of another type than the
   parameter; a cuda_device function, a static one and a <math.h> one;
   in place; on a stream.  On a GPU, an output of more than 2^31 bytes.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float
axpy (float a, float x, float y)
{
  return a * x + y;
}

__attribute__ ((cuda_device)) int
clamp (int value, int low, int high)
{
  return value < low ? low : value > high ? high : value;
}

static unsigned char
above (double x, double threshold)
{
  return x > threshold;
}

static int failures;

static void
check (const char *what, long n, long i, double got, double expected)
{
  if (got != expected && failures++ < 10)
    printf ("%s, n = %ld: element %ld is %g, not %g\n", what, n, i, got,
            expected);
}

static void
test_size (long n)
{
  float *x = malloc ((n + 1) * sizeof *x);
  double *y = malloc ((n + 1) * sizeof *y);
  float *out = malloc ((n + 1) * sizeof *out);
  int *v = malloc ((n + 1) * sizeof *v);
  int *clamped = malloc ((n + 1) * sizeof *clamped);
  unsigned char *flags = malloc (n + 1);
  double *roots = malloc ((n + 1) * sizeof *roots);
  for (long i = 0; i < n; i++)
    {
      x[i] = (i % 1013) * 0.25f - 100;
      y[i] = (i % 17) / 3.0;
      v[i] = (int) (i % 2001) - 1000;
    }
  /* Past the end: left alone.  */
  out[n] = -1;
  clamped[n] = -1;

  /* The int 2 becomes a float, y's doubles floats.  */
  cuda_vectorize (axpy, n) (out, 2, x, y);
  for (long i = 0; i < n; i++)
    check ("axpy", n, i, out[i], axpy (2, x[i], y[i]));
  check ("axpy past the end", n, n, out[n], -1);

  /* A double scalar for an int parameter, a char for another.  */
  cuda_vectorize (clamp, n) (clamped, v, -250.7, (char) 100);
  for (long i = 0; i < n; i++)
    check ("clamp", n, i, clamped[i], clamp (v[i], -250, 100));
  check ("clamp past the end", n, n, clamped[n], -1);

  cuda_vectorize (above, n) (flags, x, 0.5f);
  for (long i = 0; i < n; i++)
    check ("above", n, i, flags[i], x[i] > 0.5f);

  /* <math.h>'s sqrt on floats made doubles.  */
  cuda_vectorize (sqrt, n) (roots, y);
  for (long i = 0; i < n; i++)
    check ("sqrt", n, i, roots[i], sqrt (y[i]));

  /* In place, in device memory, on a stream.  */
  if (n)
    {
      cuda_stream_t stream = cuda_stream ();
      float *dev = cuda_to_device (x, n * sizeof *x);
      cuda_vectorize (axpy, n, .stream = stream) (dev, -1.5, dev, 0.0f);
      cuda_stream_synchronize (stream);
      cuda_copy_to_host (out, dev, n * sizeof *out);
      for (long i = 0; i < n; i++)
        check ("axpy in place", n, i, out[i], axpy (-1.5f, x[i], 0));
      cuda_free (dev);
      cuda_stream_destroy (stream);
    }
  free (x);
  free (y);
  free (out);
  free (v);
  free (clamped);
  free (flags);
  free (roots);
}

/* Past 2^31 bytes, where offsets need 64 bits: in device memory, on a
   GPU only.  */
static void
test_large (void)
{
  long n = (1L << 31) / sizeof (float) + 13;
  float *ones = malloc (n * sizeof *ones);
  for (long i = 0; i < n; i++)
    ones[i] = i & 1023;
  float *dev = cuda_to_device (ones, n * sizeof *ones);
  cuda_vectorize (axpy, n) (dev, 3, dev, 1);
  cuda_copy_to_host (ones, dev, n * sizeof *ones);
  for (long i = n - 1; i >= 0; i -= 4099)
    check ("large", n, i, ones[i], 3.0f * (i & 1023) + 1);
  check ("large, the last element", n, n - 1, ones[n - 1],
         3.0f * ((n - 1) & 1023) + 1);
  cuda_free (dev);
  free (ones);
}

int
main (void)
{
  static const long sizes[] = { 0, 1, 7, 1000, 1 << 20 | 3 };
  for (unsigned int i = 0; i < sizeof sizes / sizeof *sizes; i++)
    test_size (sizes[i]);
  if (cuda_is_available ())
    test_large ();
  if (failures)
    printf ("%d failures\n", failures);
  else
    puts ("cuda_vectorize: all equal");
  return failures != 0;
}
/* { dg-output "cuda_vectorize: all equal" } */
/* { dg-cudajit-levels all } */
