/* The compound assignments on shared arrays of run-shared-compound.c,
   in kernels and device functions, give the same results in the race
   checker's mode, and it finds no race among them.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-check-races" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "races" } */

#include "../language/run-shared-compound.c"

/* { dg-output "shared compound assignments: 0 errors" } */
