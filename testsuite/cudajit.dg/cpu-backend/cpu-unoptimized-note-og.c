/* -Og, too, leaves a kernel's loops over a block's threads slow on the
   CPU backend, and its launch says so; -O2 -g does not
   (cpu-optimized-no-note.c).  */
/* { dg-do run } */
/* { dg-options "-Og -g" } */

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

/* { dg-output "cudajit: kernel 'twice' launched at \[^\n\]*cpu-unoptimized-note-og.c:27 was compiled without optimization \[^\n\]*\nwrong: 0\n" { target { ! cuda_gpu && ! cpu_backend_chosen } } } */
/* { dg-output "^wrong: 0\n" { target { cuda_gpu || cpu_backend_chosen } } } */
