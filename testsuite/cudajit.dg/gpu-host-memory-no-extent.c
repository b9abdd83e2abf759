/* On the GPU, host memory passed to a pointer parameter without an extent
   is an error that names the parameter, not a fault in the kernel.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-shouldfail "host memory" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
no_extent (float *data, long n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] = 1;
}

int
main (void)
{
  float *host = malloc (64 * sizeof (float));
  cuda_launch (no_extent, 1, 64) (host, 64);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "kernel 'no_extent' launched at \[^\n\]*gpu-host-memory-no-extent.c:23: argument 1, 'data', is host memory" } */
