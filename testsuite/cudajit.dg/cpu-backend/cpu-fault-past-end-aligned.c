/* A kernel that stores one element past the end of a device array whose
   size is no multiple of 16 bytes lands before the guard page, where it
   does not fault: the launch is an error all the same, naming the array
   and how far past its end the kernel stored.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (float *a, int n)
{
  int i = cuda_grid_x ();

  if (i <= n)
    a[i] = i;
}

int
main (void)
{
  float *a = cuda_device_array (5 * sizeof (float));

  cuda_launch (fill, 1, 8) (a, 4);
  puts ("in bounds");
  fflush (stdout);
  cuda_launch (fill, 1, 8) (a, 5);
  puts ("not reached");
  return 0;
}

/* { dg-output "^in bounds\n" } */
/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*cpu-fault-past-end-aligned.c:29: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\): the kernel stored up to 4 bytes past the end of the 20 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+, argument 1, 'a' \\(in the bytes before its guard that its alignment leaves, where the store did not fault\\)\n$" } */
