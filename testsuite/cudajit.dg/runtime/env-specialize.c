/* A bad CUDAJIT_SPECIALIZE ends the program at the first use of the
   runtime, with a message that names the variable and its values.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_SPECIALIZE "sometimes" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
kernel (int *out, int n)
{
  out[threadIdx.x] = n;
}

int
main (void)
{
  int *out = cuda_device_array (sizeof (int));

  cuda_launch (kernel, 1, 1) (out, 1);
  cuda_free (out);
  puts ("ran");
  return 0;
}

/* { dg-output "CUDAJIT_SPECIALIZE is 'sometimes'" } */
