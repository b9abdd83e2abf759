/* Host threads that launch at the same time: four threads, each with its
   own array, launch the same kernel, whose first launch they race to
   compile, many times, and get their own results.  */
/* { dg-do run } */
/* { dg-options "-Wall -pthread" } */

#include <cudajit.h>
#include <pthread.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
add (long *data, long value, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] += value;
}

enum { threads = 4, n = 5000, launches = 50 };

static pthread_barrier_t barrier;

static void *
work (void *arg)
{
  long id = (long) arg;
  static long host[threads][n];
  long *dev;
  long errors = 0;

  for (int i = 0; i < n; i++)
    host[id][i] = i;
  dev = cuda_to_device (host[id], sizeof host[id]);
  pthread_barrier_wait (&barrier);
  for (int l = 0; l < launches; l++)
    cuda_launch (add, (n + 127) / 128, 128) (dev, id + 1, n);
  cuda_copy_to_host (host[id], dev, sizeof host[id]);
  cuda_free (dev);
  for (int i = 0; i < n; i++)
    errors += host[id][i] != i + launches * (id + 1);
  return (void *) errors;
}

int
main (void)
{
  pthread_t thread[threads];
  long errors = 0;

  pthread_barrier_init (&barrier, NULL, threads);
  for (long t = 0; t < threads; t++)
    if (pthread_create (&thread[t], NULL, work, (void *) t) != 0)
      return 2;
  for (int t = 0; t < threads; t++)
    {
      void *result;
      pthread_join (thread[t], &result);
      errors += (long) result;
    }
  printf ("threads: %ld errors\n", errors);
  return errors != 0;
}

/* { dg-output "threads: 0 errors" } */
/* { dg-cudajit-levels all } */
