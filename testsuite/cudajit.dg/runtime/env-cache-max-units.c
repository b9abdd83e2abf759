/* CUDAJIT_CACHE_MAX's units may be in any case, as the manual says: 64m is
   64 MiB.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CACHE_MAX "64m" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  cuda_synchronize ();
  puts ("started");
  return 0;
}

/* { dg-output "CUDAJIT_CACHE_MAX=64m\[^\n\]*\n.*started" } */
