/* CUDAJIT_WARN_LOW_OCCUPANCY=1: a launch whose grid has fewer blocks than
   the GPU has multiprocessors, or the CPU backend threads, is warned of
   once for its kernel, naming it and the launch; a grid large enough is
   not, nor a second small launch of the same kernel.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_WARN_LOW_OCCUPANCY "1" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "4" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  /* More than the multiprocessors of any GPU.  */
  MANY_BLOCKS = 1024,
  THREADS = 32
};

__attribute__ ((cuda_jit)) void
fill (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = i;
}

__attribute__ ((cuda_jit)) void
fill_too (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = i;
}

int
main (void)
{
  static int out[MANY_BLOCKS * THREADS];
  int errors = 0;

  cuda_launch (fill_too, MANY_BLOCKS, THREADS) (MANY_BLOCKS * THREADS, out);
  cuda_launch (fill, 1, THREADS) (THREADS, out);
  cuda_launch (fill, 2, THREADS) (2 * THREADS, out);
  cuda_synchronize ();
  for (int i = 0; i < 2 * THREADS; i++)
    errors += out[i] != i;
  fprintf (stderr, "low occupancy: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "^(cudajit: \[^\n\]*\n)*cudajit: warning: kernel 'fill' launched at \[^\n\]*run-warn-low-occupancy.c:42: grid \\(1, 1, 1\\) of 1 blocks leaves \[0-9\]+ of the \[0-9\]+ (threads of the CPU backend|multiprocessors of the GPU) idle \\(CUDAJIT_WARN_LOW_OCCUPANCY\\)\n" } */
/* { dg-output "low occupancy: 0 errors" } */
/* { dg-cudajit-levels all } */
