/* A bad CUDAJIT_PER_THREAD_DEFAULT_STREAM ends the program at the first
   use of the runtime, with a message that names the variable and its
   values.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_PER_THREAD_DEFAULT_STREAM "per-thread" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  cuda_synchronize ();
  puts ("ran");
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_PER_THREAD_DEFAULT_STREAM is 'per-thread'; it can be 0, 1, off, on, false, true, no or yes\n$" } */
