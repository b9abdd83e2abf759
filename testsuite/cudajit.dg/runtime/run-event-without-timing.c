/* Numba's event (timing=False): an event from cuda_event_without_timing
   orders work between streams as any event does, cuda_event_query and
   cuda_event_synchronize take it, and cuda_event_elapsed_ms of it, as
   start or as stop, is an error that says so on both backends, while a
   timed pair beside it still times.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
scale_add (int *data, int factor, int value, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] = data[i] * factor + value;
}

enum { n = 50000 };

static int errors;

/* Whether cuda_event_elapsed_ms (START, STOP) is NaN with an error that
   names WHICH event as the one without timing.  */
static void
refused (cuda_event_t start, cuda_event_t stop, const char *which)
{
  float ms = cuda_event_elapsed_ms (start, stop);
  const char *error = cuda_last_error ();
  char expected[96];

  snprintf (expected, sizeof expected,
            "the %s event, from cuda_event_without_timing, keeps no time",
            which);
  printf ("elapsed: %s\n", error ? error : "(none)");
  errors += !isnan (ms) || !error || !strstr (error, expected);
}

int
main (void)
{
  int *host = cuda_pinned_array_of (int, n);
  int *dev = cuda_device_array_of (int, n);
  cuda_stream_t first = cuda_stream (), second = cuda_stream ();
  cuda_event_t done = cuda_event_without_timing ();
  cuda_event_t start = cuda_event (), stop = cuda_event ();

  errors += !host || !dev || !first || !second || !done || !start || !stop;
  for (int i = 0; i < n; i++)
    host[i] = i;
  /* The second stream's launch waits for the first stream's, which the
     untimed event marks: (i * 3 + 1) * 2 - 5, not (i * 2 - 5) * 3 + 1.  */
  cuda_event_record (start, first);
  cuda_copy_to_device_async (dev, host, n * sizeof (int), first);
  cuda_launch (scale_add, (n + 255) / 256, 256, .stream = first) (dev, 3, 1,
                                                                  n);
  cuda_event_record (done, first);
  cuda_stream_wait_event (second, done);
  cuda_launch (scale_add, (n + 255) / 256, 256, .stream = second) (dev, 2, -5,
                                                                   n);
  cuda_copy_to_host_async (host, dev, n * sizeof (int), second);
  cuda_event_record (stop, second);
  cuda_event_synchronize (done);
  errors += !cuda_event_query (done);
  cuda_stream_synchronize (second);
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += host[i] != (i * 3 + 1) * 2 - 5;
  printf ("ordered: %d wrong\n", wrong);
  errors += wrong != 0 || cuda_last_error () != NULL;

  float ms = cuda_event_elapsed_ms (start, stop);
  printf ("timed pair: %s\n", ms >= 0 && ms < 10000 ? "timed" : "wrong");
  errors += !(ms >= 0 && ms < 10000) || cuda_last_error () != NULL;
  refused (done, stop, "start");
  refused (start, done, "stop");

  cuda_event_destroy (done);
  cuda_event_destroy (start);
  cuda_event_destroy (stop);
  cuda_stream_destroy (first);
  cuda_stream_destroy (second);
  cuda_free (dev);
  cuda_free_pinned (host);
  errors += cuda_last_error () != NULL;
  printf ("events without timing: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "ordered: 0 wrong\n" } */
/* { dg-output "timed pair: timed\n" } */
/* { dg-output "elapsed: cuda_event_elapsed_ms: the start event, from cuda_event_without_timing, keeps no time\n" } */
/* { dg-output "elapsed: cuda_event_elapsed_ms: the stop event, from cuda_event_without_timing, keeps no time\n" } */
/* { dg-output "events without timing: 0 errors" } */
/* { dg-cudajit-levels all } */
