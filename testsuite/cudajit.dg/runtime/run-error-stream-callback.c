/* A stream callback that calls cudajit, which CUDA forbids (a GPU could
   wait for the stream that waits for the callback), ends the program
   with a message that names the callback, on both backends, before the
   call does anything.  */
/* { dg-do run } */
/* So that the callback's name is in the dynamic symbols.  */
/* { dg-options "-rdynamic" } */
/* { dg-shouldfail "cudajit call from a stream callback" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 32
};

static int *dev;

void
clear_from_callback (void *bytes)
{
  cuda_memset (dev, 0, *(size_t *) bytes);
  fprintf (stderr, "the callback's call of cuda_memset returned\n");
}

int
main (void)
{
  static size_t bytes = N * sizeof (int);
  cuda_stream_t stream = cuda_stream ();
  dev = cuda_device_array (bytes);
  cuda_stream_add_callback (stream, clear_from_callback, &bytes);
  cuda_stream_synchronize (stream);
  fprintf (stderr, "the program went on\n");
  return 0;
}

/* { dg-output "cudajit: error: cudajit call from stream callback 'clear_from_callback' \\(cuda_stream_add_callback\\), which may not call cudajit, as CUDA's may not call CUDA\n$" } */
/* { dg-cudajit-levels all } */
