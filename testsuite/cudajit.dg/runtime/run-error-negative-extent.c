/* A host array whose parameter's extent comes to less than zero at the
   launch (a negative core extent of cuda_guvectorize) is an error that
   says so, not that the parameter declares no extent.  */
/* { dg-do run } */
/* { dg-shouldfail "negative extent" } */

#include <cudajit.h>
#include <stdio.h>

static void
twice (int n, const double x[n], double y[n])
{
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (int argc, char **argv)
{
  double x[8] = { 0 }, y[8];
  int n = argc > 5 ? 4 : -4;

  (void) argv;
  cuda_guvectorize (twice, 2) (n, x, y);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'cuda_guvectorize_twice' launched at \[^\n\]*run-error-negative-extent.c:24: argument 3, 'x', is host memory, but the extent that its parameter declares is negative at this launch; check the arguments that give the extent" } */
/* { dg-cudajit-levels all } */
