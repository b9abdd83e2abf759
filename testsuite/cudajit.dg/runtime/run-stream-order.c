/* cuda_stream_wait_event orders a stream after another's event, and
   cuda_stream_add_callback runs a host function when a stream reaches it:
   a kernel on one stream fills an array, a second stream waits for the
   event recorded after it and doubles the array, and a callback queued
   after the doubling counts; the counts and the array are checked once the
   second stream is done.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 1 << 20,
  BLOCK = 256
};

__attribute__ ((cuda_jit)) void
fill (long n, int *x)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = (int) (i % 1000);
}

__attribute__ ((cuda_jit)) void
twice (long n, int *x)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] *= 2;
}

static void
count (void *arg)
{
  ++*(int *) arg;
}

int
main (void)
{
  static int host[N];
  int *x = cuda_device_array (N * sizeof (int));
  cuda_stream_t first = cuda_stream (), second = cuda_stream ();
  cuda_event_t filled = cuda_event ();
  int calls = 0, errors = 0;

  cuda_launch (fill, N / BLOCK, BLOCK, .stream = first) (N, x);
  cuda_event_record (filled, first);
  cuda_stream_wait_event (second, filled);
  cuda_launch (twice, N / BLOCK, BLOCK, .stream = second) (N, x);
  cuda_stream_add_callback (second, count, &calls);
  cuda_stream_synchronize (second);
  cuda_copy_to_host (host, x, sizeof host);
  for (long i = 0; i < N; i++)
    errors += host[i] != 2 * (int) (i % 1000);

  printf ("stream order: %d callback, %d wrong\n", calls, errors);
  cuda_event_destroy (filled);
  cuda_stream_destroy (first);
  cuda_stream_destroy (second);
  cuda_free (x);
  return calls != 1 || errors != 0;
}

/* { dg-output "stream order: 1 callback, 0 wrong" } */
/* { dg-cudajit-levels all } */
