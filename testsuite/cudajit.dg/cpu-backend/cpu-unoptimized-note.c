/* A kernel compiled without optimization runs many times slower on the
   CPU backend: its first launch there says so, and how to get -O2's
   speed, once for the whole program, not at each kernel or launch; and
   nothing, as of the fallback, where CUDAJIT_BACKEND=cpu chose it.  */
/* { dg-do run } */
/* { dg-options "-O0" } */

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

__attribute__ ((cuda_jit)) void
plus_one (int *x)
{
  x[cuda_grid_x ()] += 1;
}

int
main (void)
{
  int *x = cuda_managed_array (N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = i;
  cuda_launch (twice, 1, N) (x);
  cuda_launch (twice, 1, N) (x);
  cuda_launch (plus_one, 1, N) (x);
  cuda_synchronize ();
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += x[i] != 4 * i + 1;
  fprintf (stderr, "wrong: %d\n", wrong);
  return wrong != 0;
}

/* { dg-output "cudajit: kernel 'twice' launched at \[^\n\]*cpu-unoptimized-note.c:34 was compiled without optimization \\(-O0, -Og or no -O\\), which runs many times slower on the CPU backend than -O2: compile with -O2 \[^\n\]*\nwrong: 0\n" { target { ! cuda_gpu && ! cpu_backend_chosen } } } */
/* { dg-output "^wrong: 0\n" { target { cuda_gpu || cpu_backend_chosen } } } */
