/* CUDAJIT_TEST_COMPILE_DELAY, for the tests, takes a number of seconds
   above 0, as CUDAJIT_TIMEOUT does: a word is refused by name.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_TEST_COMPILE_DELAY "soon" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>

int
main (void)
{
  cuda_synchronize ();
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_TEST_COMPILE_DELAY is 'soon'; it can be a number of seconds above 0 and at most 1000000000, such as 10 or 0.5\n$" } */
