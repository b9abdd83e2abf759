/* A bad CUDAJIT_CHECK ends the program at the first use of the runtime,
   with a message that names the variable and the values it takes.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds,race" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (sizeof (int));

  cuda_launch (kernel, 1, 1) (out);
  cuda_free (out);
  puts ("ran");
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_CHECK is 'bounds,race'; it can be 'bounds', 'races', 'warps', or several separated by commas\n$" } */
