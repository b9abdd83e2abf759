/* CUDAJIT_PER_THREAD_DEFAULT_STREAM=1, CUDA's per-thread default stream:
   host threads that each queue work on the null stream (copies, launches,
   a memset, an event's record, a wait for an event, a callback) and wait
   for it with cuda_stream_synchronize (NULL) get their own results, in
   each thread's order; the legacy order holds too, for the copies that
   are not queued and for a stream made with cuda_stream.  The variable is
   listed as set.  */
/* { dg-do run } */
/* { dg-options "-Wall -pthread" } */
/* { dg-set-target-env-var CUDAJIT_PER_THREAD_DEFAULT_STREAM "1" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <pthread.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
step (long *data, long factor, long value, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] = data[i] * factor + value;
}

enum { threads = 4, n = 20000, rounds = 20 };

static long host[threads][n];

/* What ROUNDS of step with FACTOR and VALUE, after a memset to 0 and the
   copy of I, make of element I: in plain C.  */
static long
expected (long i, long id)
{
  long x = i;
  for (int r = 0; r < rounds; r++)
    x = x * (r % 2 ? -1 : 2) + id + r;
  return x;
}

static void
called (void *flag)
{
  *(int *) flag = 1;
}

static void *
work (void *arg)
{
  long id = (long) arg, wrong = 0;
  long *dev = cuda_device_array_of (long, n);
  cuda_event_t done = cuda_event_without_timing ();
  cuda_stream_t other = cuda_stream ();
  int flag = 0;

  for (int i = 0; i < n; i++)
    host[id][i] = i;
  cuda_memset_async (dev, 0xff, n * sizeof (long), NULL);
  cuda_copy_to_device_async (dev, host[id], n * sizeof (long), NULL);
  for (int r = 0; r < rounds; r++)
    cuda_launch (step, (n + 127) / 128, 128) (dev, r % 2 ? -1 : 2, id + r,
                                              n);
  cuda_event_record (done, NULL);
  /* Another stream that waits for the null one's work, then doubles.  */
  cuda_stream_wait_event (other, done);
  cuda_launch (step, (n + 127) / 128, 128, .stream = other) (dev, 2, 0, n);
  cuda_stream_synchronize (other);
  cuda_stream_add_callback (NULL, called, &flag);
  cuda_copy_to_host_async (host[id], dev, n * sizeof (long), NULL);
  cuda_stream_synchronize (NULL);
  for (int i = 0; i < n; i++)
    wrong += host[id][i] != 2 * expected (i, id);
  wrong += !flag;
  /* A copy that is not queued waits for the thread's launches.  */
  cuda_launch (step, (n + 127) / 128, 128) (dev, 1, 1, n);
  cuda_copy_to_host (host[id], dev, n * sizeof (long));
  for (int i = 0; i < n; i++)
    wrong += host[id][i] != 2 * expected (i, id) + 1;
  cuda_stream_destroy (other);
  cuda_event_destroy (done);
  cuda_free (dev);
  return (void *) wrong;
}

int
main (void)
{
  pthread_t thread[threads];
  long errors = 0;

  for (long t = 0; t < threads; t++)
    pthread_create (&thread[t], NULL, work, (void *) t);
  for (int t = 0; t < threads; t++)
    {
      void *wrong;
      pthread_join (thread[t], &wrong);
      printf ("thread %d: %ld wrong\n", t, (long) wrong);
      errors += (long) wrong;
    }
  return errors != 0;
}

/* { dg-output "cudajit: environment: (\[A-Z_\]+=\[^ \n\]+ )*CUDAJIT_PER_THREAD_DEFAULT_STREAM=1( \[A-Z_\]+=\[^ \n\]+)*\n" } */
/* { dg-output "(\[^\n\]*\n)*thread 0: 0 wrong\nthread 1: 0 wrong\nthread 2: 0 wrong\nthread 3: 0 wrong" } */
/* { dg-cudajit-levels all } */
