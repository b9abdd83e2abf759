/* run-host-internal-functions.c with the checks of -fsanitize=undefined,
   which trap rather than call libubsan.  */
/* { dg-do run } */
/* { dg-options "-std=gnu11 -Wall -fsanitize=undefined -fsanitize-undefined-trap-on-error" } */

#include "run-host-internal-functions.c"

/* { dg-output "host internal functions: \[1-9\]\[0-9\]* overflows, 0 errors" } */
/* { dg-cudajit-levels all } */
