/* A bad CUDAJIT_WARN_LOW_OCCUPANCY ends the program at the first use of
   the runtime, with a message that names the variable and its values.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_WARN_LOW_OCCUPANCY "sometimes" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d GPUs\n", cuda_device_count ());
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_WARN_LOW_OCCUPANCY is 'sometimes'; it can be 0, 1, off, on, false, true, no or yes\n$" } */
