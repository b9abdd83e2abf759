/* A bad CUDAJIT_CPU_AS_WRITTEN ends the program at the first use of the
   runtime, with a message that names the variable and its values.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CPU_AS_WRITTEN "fibers" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d GPUs\n", cuda_device_count ());
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_CPU_AS_WRITTEN is 'fibers'; it can be" } */
