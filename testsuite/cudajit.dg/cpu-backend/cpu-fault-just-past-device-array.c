/* On the CPU backend, device memory ends where its pages do: a store
   just past the end of an array of a multiple of 16 bytes faults, in
   the thread that made it.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
one_past (double *out, long n)
{
  long i = cuda_grid_x ();

  if (i <= n)
    out[i] = 1.0;
}

int
main (void)
{
  double *a = cuda_device_array (100 * sizeof (double));

  cuda_launch (one_past, 1, 128) (a, 100L);
  cuda_synchronize ();
  cuda_free (a);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'one_past' launched at \[^\n\]*cpu-fault-just-past-device-array.c:25: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(0, 0, 0\\) thread \\(100, 0, 0\\), code at \[^\n\]*\\+0x\[0-9a-f\]+\n" } */
