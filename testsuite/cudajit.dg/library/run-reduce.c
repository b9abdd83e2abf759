/* cuda_reduce against the same fold in a plain C loop: sizes 0, 1, a
   prime, sizes that are no multiple of a block, large ones; host and
   device arrays, left unchanged; sums, a maximum, a minimum and a logical
   or, on integers of several widths and on floating point; .init, folded
   in once; a stream.  Numba's own figures: the sum of 1..1000 is 500500,
   500505 with init 5; an empty array gives 0, or 7 with init 7.  On a
   GPU, an array of more than 2^31 bytes.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double
sum (double a, double b)
{
  return a + b;
}

__attribute__ ((cuda_device)) long long
sum_ll (long long a, long long b)
{
  return a + b;
}

static int
sum_int (int a, int b)
{
  return a + b;
}

static int
max_int (int a, int b)
{
  return a > b ? a : b;
}

static unsigned char
min_uchar (unsigned char a, unsigned char b)
{
  return a < b ? a : b;
}

static _Bool
or (_Bool a, _Bool b)
{
  return a || b;
}

static int failures;

static void
check (const char *what, long n, double got, double expected)
{
  if (got != expected && failures++ < 20)
    printf ("%s, n = %ld: %.17g, not %.17g\n", what, n, got, expected);
}

static void
test_size (long n)
{
  double *d = malloc ((n + 1) * sizeof *d);
  long long *ll = malloc ((n + 1) * sizeof *ll);
  int *v = malloc ((n + 1) * sizeof *v);
  unsigned char *bytes = malloc (n + 1);
  _Bool *flags = calloc (n + 1, 1);
  double expected_sum = 0;
  long long expected_ll = 0;
  int expected_max = -1000000;
  unsigned char expected_min = 255;
  for (long i = 0; i < n; i++)
    {
      /* Integers, so that any order of the sum gives the same double.  */
      d[i] = (double) (i % 1000) - 300;
      ll[i] = (i * 7919LL) % 1000003 - 500000;
      v[i] = (int) ((i * 2654435761u) % 1000000) - 500000;
      bytes[i] = 200 - i % 97;
      expected_sum += d[i];
      expected_ll += ll[i];
      expected_max = v[i] > expected_max ? v[i] : expected_max;
      expected_min = bytes[i] < expected_min ? bytes[i] : expected_min;
    }
  if (n)
    flags[n - 1] = 1;

  check ("sum", n, cuda_reduce (sum, d, n), expected_sum);
  check ("sum with init", n, cuda_reduce (sum, d, n, .init = 0.5),
         expected_sum + 0.5);
  check ("sum of long long", n, cuda_reduce (sum_ll, ll, n), expected_ll);
  check ("max", n, cuda_reduce (max_int, v, n, .init = -1000000),
         expected_max);
  check ("min", n, cuda_reduce (min_uchar, bytes, n, .init = 255),
         expected_min);
  check ("or", n, cuda_reduce (or, flags, n), n != 0);
  check ("fmax", n, cuda_reduce (fmax, d, n, .init = -1e9),
         n ? (n < 1000 ? n - 1 : 999) - 300.0 : -1e9);

  /* Device memory, on a stream: the array is left as it is.  */
  if (n)
    {
      cuda_stream_t stream = cuda_stream ();
      double *dev = cuda_to_device (d, n * sizeof *d);
      check ("sum of device memory", n,
             cuda_reduce (sum, dev, n, .stream = stream), expected_sum);
      double last;
      cuda_copy_to_host (&last, dev + n - 1, sizeof last);
      check ("the array after", n, last, d[n - 1]);
      cuda_free (dev);
      cuda_stream_destroy (stream);
    }
  free (d);
  free (ll);
  free (v);
  free (bytes);
  free (flags);
}

/* Past 2^31 bytes, in device memory, on a GPU only.  */
static void
test_large (void)
{
  long n = (1L << 31) / sizeof (double) + 13;
  double *host = malloc (n * sizeof *host);
  double expected = 0;
  for (long i = 0; i < n; i++)
    {
      host[i] = i & 1023;
      expected += host[i];
    }
  double *dev = cuda_to_device (host, n * sizeof *host);
  check ("large", n, cuda_reduce (sum, dev, n), expected);
  cuda_free (dev);
  free (host);
}

int
main (void)
{
  int numbers[1000];
  for (int i = 0; i < 1000; i++)
    numbers[i] = i + 1;
  static int none[1];
  printf ("%d %d %d %d\n", cuda_reduce (sum_int, numbers, 1000),
          cuda_reduce (sum_int, numbers, 1000, .init = 5),
          cuda_reduce (sum_int, none, 0),
          cuda_reduce (sum_int, none, 0, .init = 7));

  static const long sizes[] = { 0, 1, 2, 7, 31, 33, 1000, 1 << 20 | 3,
                                (1 << 22) + 12345 };
  for (unsigned int i = 0; i < sizeof sizes / sizeof *sizes; i++)
    test_size (sizes[i]);
  if (cuda_is_available ())
    test_large ();
  if (failures)
    printf ("%d failures\n", failures);
  else
    puts ("cuda_reduce: all equal");
  return failures != 0;
}
/* { dg-output "500500 500505 0 7\[\r\n\]+cuda_reduce: all equal" } */
/* { dg-cudajit-levels all } */
