/* Under CUDAJIT_CHECK=bounds, the accesses of run-shared-compound.c to
   shared arrays, in kernels and device functions, which stay within
   them, run as without it.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */

#include "../language/run-shared-compound.c"

/* { dg-output "shared compound assignments: 0 errors" } */
