/* A bad CUDAJIT_CPU_THREADS ends the program at the first use of the
   runtime, whatever the backend, and not only at the first launch on the
   CPU.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "0x10" } */
/* { dg-shouldfail "bad environment" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d GPUs\n", cuda_device_count ());
  return 0;
}

/* { dg-output "^cudajit: error: CUDAJIT_CPU_THREADS is '0x10'; it can be a number from 1 to 4096\n$" } */
