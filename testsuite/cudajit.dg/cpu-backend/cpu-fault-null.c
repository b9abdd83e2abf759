/* On the CPU backend, a null pointer in a kernel whose threads wait at a
   barrier, and so run as fibers, is reported like any bad address; and
   ends the program even under CUDAJIT_ERRORS=return, as a GPU's context
   is lost for good after a fault.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */
/* { dg-shouldfail "null pointer" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
reverse (int *out)
{
  static __attribute__ ((cuda_shared)) int tile[64];

  tile[threadIdx.x] = threadIdx.x;
  cuda_syncthreads ();
  out[cuda_grid_x ()] = tile[63 - threadIdx.x];
}

int
main (void)
{
  cuda_launch (reverse, 1, 64) ((int *) 0);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'reverse' launched at \[^\n\]*cpu-fault-null.c:25: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x0 in block \\(0, 0, 0\\) thread \\(0, 0, 0\\), code at \[^\n\]*cpu-fault\[^\n\]*\\+0x\[0-9a-f\]+\n" } */
