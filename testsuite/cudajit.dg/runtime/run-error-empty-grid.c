/* A launch with no blocks is an error that names the kernel and the
   launch's file:line, and ends the program.  */
/* { dg-do run } */
/* { dg-shouldfail "empty grid" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (32 * sizeof (int));
  int blocks = 0;
  cuda_launch (kernel, blocks, 32) (out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'kernel' launched at \[^\n\]*run-error-empty-grid.c:19: grid \\(0, 1, 1\\)" } */
/* { dg-cudajit-levels all } */
