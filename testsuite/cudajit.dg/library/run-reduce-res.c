/* cuda_reduce with .res leaves the result in device memory, on its
   stream, without waiting (Numba's reduce(..., res=d)); reductions from
   several host threads, each on a stream of its own, run at once, each
   with scratch memory of its own.  Checked against plain C.  */
/* { dg-do run } */
/* { dg-options "-Wall -pthread" } */

#include <cudajit.h>
#include <pthread.h>
#include <stdio.h>

enum
{
  n = 300007,
  threads = 4,
  rounds = 8
};

static long long
add (long long a, long long b)
{
  return a + b;
}

static double
maximum (double a, double b)
{
  return a > b ? a : b;
}

static long long values[threads][n];
static int errors[threads];

static void *
reduce_many (void *arg)
{
  int t = (int) (long) arg;
  long long expected = 1000 * t;
  for (long i = 0; i < n; i++)
    expected += values[t][i];
  cuda_stream_t stream = cuda_stream ();
  long long *d_values = cuda_to_device (values[t], sizeof values[t]);
  long long *d_sums = cuda_device_array (rounds * sizeof (long long));
  for (int r = 0; r < rounds; r++)
    cuda_reduce (add, d_values, n, .init = 1000 * t, .stream = stream,
                 .res = d_sums + r);
  /* And through the host, at the same time as the other threads'.  */
  errors[t] += cuda_reduce (add, d_values, n, .init = 1000 * t,
                            .stream = stream)
               != expected;
  long long sums[rounds];
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (sums, d_sums, sizeof sums);
  for (int r = 0; r < rounds; r++)
    errors[t] += sums[r] != expected;
  cuda_free (d_values);
  cuda_free (d_sums);
  cuda_stream_destroy (stream);
  return NULL;
}

int
main (void)
{
  for (int t = 0; t < threads; t++)
    for (long i = 0; i < n; i++)
      values[t][i] = (i * (t + 3)) % 1001 - 500;

  pthread_t thread[threads];
  for (int t = 0; t < threads; t++)
    pthread_create (&thread[t], NULL, reduce_many, (void *) (long) t);
  int total = 0;
  for (int t = 0; t < threads; t++)
    {
      pthread_join (thread[t], NULL);
      total += errors[t];
    }

  /* A host array, the default stream, and an empty array, whose result
     is .init; the call's own value is .init.  */
  static double x[n];
  double expected = -1e300;
  for (long i = 0; i < n; i++)
    {
      x[i] = (double) ((i * 7919) % 100003) / 7.0;
      expected = maximum (expected, x[i]);
    }
  double *d_max = cuda_device_array (2 * sizeof (double));
  total += cuda_reduce (maximum, x, n, .init = -1e300, .res = d_max) != -1e300;
  cuda_reduce (maximum, x, 0, .init = -2.5, .res = d_max + 1);
  double got[2];
  cuda_copy_to_host (got, d_max, sizeof got);
  total += got[0] != expected || got[1] != -2.5;
  cuda_free (d_max);

  printf ("reduce res: %d errors\n", total);
  return total != 0;
}

/* { dg-output "reduce res: 0 errors" } */
/* { dg-cudajit-levels all } */
