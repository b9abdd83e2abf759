/* A block of more threads than a block can have is an error that names the
   kernel, the launch's file:line and the block.  */
/* { dg-do run } */
/* { dg-shouldfail "block too large" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (2048 * sizeof (int));
  cuda_launch (kernel, 1, cuda_dim3 (64, 32)) (out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'kernel' launched at \[^\n\]*run-error-block-size.c:18: \[^\n\]*\\(64, 32, 1\\)" } */
/* { dg-cudajit-levels all } */
