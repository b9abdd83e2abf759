/* CUDAJIT_TIMEOUT takes a number of seconds above 0: a negative one, an
   exponent or a word is refused by name.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_TIMEOUT "-1" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>

int
main (void)
{
  cuda_synchronize ();
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_TIMEOUT is '-1'; it can be a number of seconds above 0 and at most 1000000000, such as 10 or 0.5\n$" } */
