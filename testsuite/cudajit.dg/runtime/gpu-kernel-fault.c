/* A kernel that faults on the GPU is named, with its launch's file:line,
   when the fault comes to light at the next synchronization.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
store_through (float *pointer)
{
  pointer[cuda_grid_x ()] = 1;
}

int
main (void)
{
  cuda_launch (store_through, 1, 32) ((float *) 0);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'store_through' launched at \[^\n\]*gpu-kernel-fault.c:19: CUDA_ERROR_ILLEGAL_ADDRESS" } */
