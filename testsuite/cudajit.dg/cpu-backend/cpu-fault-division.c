/* On the CPU backend, an integer division by zero in a kernel is an error
   that names the kernel, the launch, the block and the thread.  A GPU
   gives an undefined value instead.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "division by zero" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
divide (int *out, int n)
{
  out[cuda_grid_x ()] = n / ((int) threadIdx.x - 3);
}

int
main (void)
{
  int *out = cuda_device_array (8 * sizeof (int));
  cuda_launch (divide, 1, 8) (out, 100);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'divide' launched at \[^\n\]*cpu-fault-division.c:20: integer division by zero or overflow in block \\(0, 0, 0\\) thread \\(3, 0, 0\\), code at \[^\n\]*cpu-fault\[^\n\]*\\+0x\[0-9a-f\]+\n" } */
