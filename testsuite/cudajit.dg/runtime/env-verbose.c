/* CUDAJIT_VERBOSE's first line lists the variables of
   cudajit-environment.def that are set, as the runtime read them, in the
   table's order; an empty one is an unset one and is left out.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CACHE "" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d GPUs\n", cuda_device_count ());
  return 0;
}

/* Others that the run inherits (CUDA_HOME, say) may sit between.  */
/* { dg-output "^cudajit: environment: CUDAJIT_BACKEND=cpu( \[A-Z_\]+=\[^ \n\]+)* CUDAJIT_CPU_THREADS=2( \[A-Z_\]+=\[^ \n\]+)* CUDAJIT_VERBOSE=1\n" } */
/* { dg-output "cudajit: backend: the CPU, as CUDAJIT_BACKEND says\n" } */
