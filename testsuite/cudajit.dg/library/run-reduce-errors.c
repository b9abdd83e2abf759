/* A negative count is an error that names the generated kernel and the
   call's line; a count of 0 before it gives the initial value.  */
/* { dg-do run } */
/* { dg-shouldfail "negative count" } */

#include <cudajit.h>

static double
sum (double a, double b)
{
  return a + b;
}

int
main (int argc, char **argv)
{
  (void) argv;
  double x[1] = { 1 };
  if (cuda_reduce (sum, x, argc - 1, .init = 3) != 3)
    return 1;
  return cuda_reduce (sum, x, -argc) == 0; /* line 21 */
}

/* { dg-output "cudajit: error: kernel 'cuda_reduce_sum' launched at \[^\n\]*run-reduce-errors.c:21: cuda_reduce over -1 elements: the count is negative" } */
/* { dg-cudajit-levels all } */
