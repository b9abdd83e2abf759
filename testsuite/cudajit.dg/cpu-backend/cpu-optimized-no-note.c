/* A kernel compiled with -O2 -g runs at full speed on the CPU backend:
   its launch says nothing about optimization (cpu-unoptimized-note.c).  */
/* { dg-do run } */
/* { dg-options "-O2 -g" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 100
};

__attribute__ ((cuda_jit)) void
twice (int *x)
{
  x[cuda_grid_x ()] *= 2;
}

int
main (void)
{
  int *x = cuda_managed_array (N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = i;
  cuda_launch (twice, 1, N) (x);
  cuda_synchronize ();
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += x[i] != 2 * i;
  fprintf (stderr, "wrong: %d\n", wrong);
  return wrong != 0;
}

/* { dg-output "^(\[^\n\]*kernels run on the CPU \\(\[^\n\]*\n)?wrong: 0\n" } */
