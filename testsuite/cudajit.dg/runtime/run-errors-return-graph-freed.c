/* A graph's launch replays its copies and fills on the memory they had
   at the capture: on memory freed since, it is refused as the copy or
   fill itself would be, naming it and the launch's line, on both
   backends.  With CUDAJIT_ERRORS=return the launch returns having done
   nothing, and a graph whose memory is all there still runs.  Checked
   against plain C.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include "errors-return.h"
#include <stdio.h>
#include <string.h>

enum
{
  N = 256
};

int
main (void)
{
  static int host[N], back[N];
  cuda_stream_t stream = cuda_stream ();
  int *kept = cuda_device_array_of (int, N);
  int *freed = cuda_device_array_of (int, N);
  int *copied = cuda_device_array_of (int, N);
  int errors = 0;
  char wanted[256];

  for (int i = 0; i < N; i++)
    host[i] = 3 * i;
  cuda_graph_capture_begin (stream);
  cuda_memset_async (freed, 0, N * sizeof (int), stream);
  cuda_graph_t fill = cuda_graph_capture_end (stream);
  cuda_graph_capture_begin (stream);
  cuda_copy_to_device_async (copied, host, N * sizeof (int), stream);
  cuda_copy_device_async (kept, copied, N * sizeof (int), stream);
  cuda_graph_t copy = cuda_graph_capture_end (stream);
  cuda_free (freed);
  cuda_free (copied);

  int line = __LINE__ + 1;
  cuda_graph_launch (fill, stream);
  snprintf (wanted, sizeof wanted,
            "%s:%d: cuda_graph_launch replays cuda_memset_async: the %zu "
            "bytes at %p are in device memory",
            __FILE__, line, N * sizeof (int), (void *) freed);
  errors += !reported (wanted);
  line = __LINE__ + 1;
  cuda_graph_launch (copy, stream);
  snprintf (wanted, sizeof wanted,
            "%s:%d: cuda_graph_launch replays cuda_copy_to_device_async: "
            "the %zu bytes at %p are in device memory",
            __FILE__, line, N * sizeof (int), (void *) copied);
  errors += !reported (wanted);
  cuda_stream_synchronize (stream);

  /* A graph whose memory is all there runs.  */
  cuda_memset (kept, 0, N * sizeof (int));
  cuda_graph_t good;
  cuda_graph_capture_begin (stream);
  cuda_copy_to_device_async (kept, host, N * sizeof (int), stream);
  good = cuda_graph_capture_end (stream);
  cuda_graph_launch (good, stream);
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (back, kept, sizeof back);
  for (int i = 0; i < N; i++)
    errors += back[i] != 3 * i;
  errors += cuda_last_error () != NULL;

  cuda_graph_destroy (fill);
  cuda_graph_destroy (copy);
  cuda_graph_destroy (good);
  cuda_free (kept);
  cuda_stream_destroy (stream);
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
