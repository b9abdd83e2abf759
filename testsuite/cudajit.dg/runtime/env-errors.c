/* A bad CUDAJIT_ERRORS ends the program at the first use of the runtime,
   with a message that names the variable and its values, not at the first
   error, where the complaint would replace the error's own message.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "retrun" } */
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

/* Before anything else, the note about the CPU backend too.  */
/* { dg-output "^cudajit: error: CUDAJIT_ERRORS is 'retrun'; it can be 'exit' or 'return'\n$" } */
