/* Without CUDAJIT_CHECK=bounds, the message of a fault in a launch with
   host arrays says how to have a kernel that runs past one fault where
   it does.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
store_far (long n, int a[n], long far)
{
  long i = cuda_grid_x ();

  if (i == 3)
    a[far] = 1;
  else if (i < n)
    a[i] = 1;
}

int
main (void)
{
  int a[8];

  cuda_launch (store_far, 1, 8) (8L, a, 1L << 40);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'store_far' launched at \[^\n\]*cpu-fault-check-bounds-hint.c:26: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(0, 0, 0\\) thread \\(3, 0, 0\\), code at \[^\n\]*\\+0x\[0-9a-f\]+; the launch has host arrays: run with CUDAJIT_CHECK=bounds to make a kernel that runs past one of them fault where it does\n" } */
