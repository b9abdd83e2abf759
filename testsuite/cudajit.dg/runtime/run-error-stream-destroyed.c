/* A launch on a destroyed stream is an error on both backends.  */
/* { dg-do run } */
/* { dg-shouldfail "destroyed stream" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
fill (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (32 * sizeof (int));
  cuda_stream_t stream = cuda_stream ();
  cuda_stream_destroy (stream);
  cuda_launch (fill, 1, 32, .stream = stream) (out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*run-error-stream-destroyed.c:19: cuda_launch: 0x\[0-9a-f\]+ is a stream from cuda_stream that was destroyed by cuda_stream_destroy" } */
/* { dg-cudajit-levels all } */
