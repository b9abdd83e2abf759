/* Under CUDAJIT_SPECIALIZE=0 the same launches run their generic code.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_SPECIALIZE "0" } */

#include "run-specialize.c"

/* { dg-output "ok" } */
/* { dg-cudajit-levels all } */
