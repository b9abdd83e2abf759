/* The check after a launch on the CPU backend for stores past the end of
   its arrays, in the bytes before their guard pages, looks at every
   pointer argument, null ones too, and names the one stored past: here
   the third, after an array stored within its end and a null pointer.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (float *inside, float *unused, float *past, int n)
{
  int i = cuda_grid_x ();

  if (i < 5)
    inside[i] = i;
  if (unused && i < n)
    unused[i] = i;
  if (i <= n)
    past[i] = i;
}

int
main (void)
{
  float *inside = cuda_device_array (5 * sizeof (float));
  float *past = cuda_device_array (6 * sizeof (float));

  cuda_launch (fill, 1, 8) (inside, NULL, past, 5);
  puts ("in bounds");
  fflush (stdout);
  cuda_launch (fill, 1, 8) (inside, NULL, past, 7);
  puts ("not reached");
  return 0;
}

/* { dg-output "^in bounds\n" } */
/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*cpu-fault-past-end-third-argument.c:34: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\): the kernel stored up to 8 bytes past the end of the 24 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+, argument 3, 'past' \\(in the bytes before its guard that its alignment leaves, where the store did not fault\\)\n$" } */
