/* A launch with a host array on a stream being captured ends the
   program on both backends: its copies happen as it runs, which a graph
   cannot hold.  */
/* { dg-do run } */
/* { dg-shouldfail "host array in a capture" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
fill (int n, int out[n])
{
  if (threadIdx.x < n)
    out[threadIdx.x] = 1;
}

int
main (void)
{
  int host[32];
  cuda_stream_t stream = cuda_stream ();
  cuda_graph_capture_begin (stream);
  cuda_launch (fill, 1, 32, .stream = stream) (32, host);
  cuda_graph_capture_end (stream);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*run-error-graph-host-array.c:22: cuda_launch with 1 host array, which the launch copies to the GPU and back as it runs, on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*run-error-graph-host-array.c:21\\)" } */
/* { dg-cudajit-levels all } */
