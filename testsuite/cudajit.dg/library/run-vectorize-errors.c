/* A negative count is an error that names the generated kernel and the
   call's line; a count of 0 before it does nothing.  */
/* { dg-do run } */
/* { dg-shouldfail "negative count" } */

#include <cudajit.h>

static double
twice (double x)
{
  return 2 * x;
}

int
main (int argc, char **argv)
{
  (void) argv;
  double x[1] = { 1 }, y[1] = { 5 };
  cuda_vectorize (twice, argc - 1) (y, x);
  if (y[0] != 5)
    return 1;
  cuda_vectorize (twice, -argc) (y, x); /* line 22 */
  return 0;
}

/* { dg-output "cudajit: error: kernel 'cuda_vectorize_twice' launched at \[^\n\]*run-vectorize-errors.c:22: the launch over -1 elements or instances: the count is negative" } */
/* { dg-cudajit-levels all } */
