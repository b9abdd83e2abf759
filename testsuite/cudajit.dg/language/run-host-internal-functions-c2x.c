/* run-host-internal-functions.c with C2X's [[fallthrough]].  */
/* { dg-do run } */
/* { dg-options "-std=c2x -Wall -Wimplicit-fallthrough" } */

#define FALLTHROUGH [[fallthrough]]
#include "run-host-internal-functions.c"

/* { dg-output "host internal functions: \[1-9\]\[0-9\]* overflows, 0 errors" } */
/* { dg-cudajit-levels all } */
