/* Streams, events, pinned memory and copies queued on a stream: work
   queued on two streams and on the default stream comes out right, events
   say when it is done and time it, and the null handles are no error to
   destroy.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
add (int *data, int value, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] += value;
}

enum { n = 100000 };

/* Queue a copy of HOST to DEV, a launch that adds VALUE and the copy
   back on STREAM, between the records of START and STOP.  */
static void
queue (int *host, int *dev, int value, cuda_stream_t stream,
       cuda_event_t start, cuda_event_t stop)
{
  cuda_event_record (start, stream);
  cuda_copy_to_device_async (dev, host, n * sizeof (int), stream);
  cuda_launch (add, (n + 255) / 256, 256, .stream = stream) (dev, value, n);
  cuda_copy_to_host_async (host, dev, n * sizeof (int), stream);
  cuda_event_record (stop, stream);
}

static int
check (const char *what, const int *host, int value)
{
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += host[i] != i + value;
  printf ("%s: %d errors\n", what, errors);
  return errors;
}

int
main (void)
{
  int errors = 0;
  int *a = cuda_pinned_array (n * sizeof (int));
  int *b = cuda_pinned_array (n * sizeof (int));
  int *dev_a = cuda_device_array (n * sizeof (int));
  int *dev_b = cuda_device_array (n * sizeof (int));
  cuda_stream_t s1 = cuda_stream (), s2 = cuda_stream ();
  cuda_event_t start1 = cuda_event (), stop1 = cuda_event ();
  cuda_event_t start2 = cuda_event (), stop2 = cuda_event ();

  errors += !a || !b || !dev_a || !dev_b || !s1 || !s2 || s1 == s2;
  for (int i = 0; i < n; i++)
    a[i] = b[i] = i;

  queue (a, dev_a, 3, s1, start1, stop1);
  queue (b, dev_b, -7, s2, start2, stop2);
  cuda_stream_synchronize (s1);
  cuda_event_synchronize (stop2);
  errors += !cuda_event_query (stop1) || !cuda_event_query (stop2);
  errors += check ("stream 1", a, 3);
  errors += check ("stream 2", b, -7);
  float ms1 = cuda_event_elapsed_ms (start1, stop1);
  float ms2 = cuda_event_elapsed_ms (start2, stop2);
  errors += !(ms1 >= 0 && ms1 < 10000) || !(ms2 >= 0 && ms2 < 10000);

  /* The default stream, and the time between two records 50 ms apart.  */
  queue (a, dev_a, 10, NULL, start1, stop1);
  struct timespec pause = { 0, 50 * 1000 * 1000 };
  nanosleep (&pause, NULL);
  cuda_event_record (stop2, NULL);
  cuda_synchronize ();
  errors += check ("default stream", a, 13);
  float ms = cuda_event_elapsed_ms (start1, stop2);
  printf ("50 ms pause: %s\n", ms >= 45 && ms < 5000 ? "timed" : "wrong");
  errors += !(ms >= 45 && ms < 5000);

  cuda_event_destroy (start1);
  cuda_event_destroy (stop1);
  cuda_event_destroy (start2);
  cuda_event_destroy (stop2);
  cuda_event_destroy (NULL);
  cuda_stream_destroy (s1);
  cuda_stream_destroy (s2);
  cuda_stream_destroy (NULL);
  cuda_free (dev_a);
  cuda_free (dev_b);
  cuda_free_pinned (a);
  cuda_free_pinned (b);
  cuda_free_pinned (NULL);
  errors += cuda_pinned_array (0) != NULL;
  printf ("streams: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "stream 1: 0 errors\n" } */
/* { dg-output "stream 2: 0 errors\n" } */
/* { dg-output "default stream: 0 errors\n" } */
/* { dg-output "50 ms pause: timed\n" } */
/* { dg-output "streams: 0 errors" } */
/* { dg-cudajit-levels all } */
