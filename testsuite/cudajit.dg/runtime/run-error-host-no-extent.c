/* Host memory passed to a pointer parameter without an extent is an error
   that names the parameter, on the GPU and on the CPU backend alike: the
   CPU could run it, but a GPU could not.  */
/* { dg-do run } */
/* { dg-shouldfail "host memory" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
no_extent (long n, float *data)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] = 1;
}

int
main (void)
{
  float *host = malloc (64 * sizeof (float));
  cuda_launch (no_extent, 1, 64) (64, host);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'no_extent' launched at \[^\n\]*run-error-host-no-extent.c:22: argument 2, 'data', is host memory, but the parameter does not declare the extent\[^\n\]*'float data\\\[n\\\]'" } */
/* { dg-cudajit-levels all } */
