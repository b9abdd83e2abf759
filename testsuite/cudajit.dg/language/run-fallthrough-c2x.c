/* run-fallthrough.c with C2X's [[fallthrough]].  */
/* { dg-do run } */
/* { dg-options "-std=c2x -Wall -Wimplicit-fallthrough" } */

#define FALLTHROUGH [[fallthrough]]
#include "run-fallthrough.c"

/* { dg-output "fallthrough: 0 mismatches" } */
/* { dg-cudajit-levels all } */
