/* CUDAJIT_CACHE_MAX=0 is refused with why, and with the variable that
   does what it might have been meant for.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CACHE_MAX "0" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>

int
main (void)
{
  cuda_synchronize ();
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_CACHE_MAX is '0'; it can be a size of 1 byte or more, with K, M or G \\(in any case\\) for KiB, MiB or GiB; a cache of 0 bytes would keep nothing: CUDAJIT_CACHE=0 turns it off\n$" } */
