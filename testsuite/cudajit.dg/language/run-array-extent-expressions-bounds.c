/* run-array-extent-expressions.c under CUDAJIT_CHECK=bounds: on the CPU
   backend each host array is then copied by the extent that the launch
   computes, into memory that faults just past it, as a GPU's copy would
   end there; the kernels, which touch each element of each extent, run as
   without the check.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */

#include "run-array-extent-expressions.c"

/* { dg-output "extent expressions: 0 failures" } */
/* { dg-cudajit-levels all } */
