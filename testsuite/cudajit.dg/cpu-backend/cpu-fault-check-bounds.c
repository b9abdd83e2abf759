/* Under CUDAJIT_CHECK=bounds, a kernel that writes past the extent that
   its parameter declares for a host array faults on the CPU backend, in
   the guard after the array's copy, and the fault names the kernel, its
   launch, the block and the thread, instead of overwriting the heap.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
fill (long n, int a[n], long count)
{
  long i = cuda_grid_x ();

  if (i < count)
    a[i] = (int) i;
}

int
main (void)
{
  long n = 4;
  int *a = malloc (n * sizeof (int));

  cuda_launch (fill, 1, 64) (n, a, 64L);
  free (a);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*cpu-fault-check-bounds.c:29: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(0, 0, 0\\) thread \\(4, 0, 0\\), code at \[^\n\]*\\+0x\[0-9a-f\]+\n" } */
