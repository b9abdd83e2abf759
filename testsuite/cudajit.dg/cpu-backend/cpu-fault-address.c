/* On the CPU backend, a kernel that stores through a bad pointer is an
   error that names the kernel, the launch, the address, the block and the
   thread, in the words of the GPU's error, and ends the program.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "3" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
store_beyond (int *out, long n)
{
  long i = cuda_grid_x ();

  /* Far beyond the array, in a page that is not mapped.  */
  if (i == 37)
    out[n] = 1;
  else
    out[i] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (64 * sizeof (int));
  cuda_launch (store_beyond, 4, 16) (out, 1L << 40);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'store_beyond' launched at \[^\n\]*cpu-fault-address.c:27: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(2, 0, 0\\) thread \\(5, 0, 0\\), code at \[^\n\]*cpu-fault\[^\n\]*\\+0x\[0-9a-f\]+\n" } */
