/* Under CUDAJIT_CHECK=bounds, a kernel that writes one element past the
   extent that its parameter computes from the others (a[n / 4]) faults in
   the guard after the array's copy, as past a[n] does: the copy is as
   long as the expression says, not longer.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
fill (long n, int a[n / 4], long count)
{
  long i = cuda_grid_x ();

  if (i < count)
    a[i] = (int) i;
}

int
main (void)
{
  long n = 16;
  int *a = malloc (n * sizeof (int));

  cuda_launch (fill, 1, 64) (n, a, n / 4);
  cuda_launch (fill, 1, 64) (n, a, n / 4 + 1);
  free (a);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*cpu-fault-extent-expression.c:30: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(0, 0, 0\\) thread \\(4, 0, 0\\), code at \[^\n\]*\\+0x\[0-9a-f\]+\n" } */
