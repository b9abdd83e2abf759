/* On a GPU, the store beyond the array of cpu-fault-address.c fails with
   the same words as on the CPU backend, which adds the address, the block
   and the thread.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
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

/* { dg-output "cudajit: error: kernel 'store_beyond' launched at \[^\n\]*gpu-fault-address.c:27: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\), reported by \[^\n\]* \\(the driver does not say where; run the program under compute-sanitizer for the kernel's line of C\\)" } */
