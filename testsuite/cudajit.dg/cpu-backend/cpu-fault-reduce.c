/* On the CPU backend, cuda_reduce over a host array far past its end
   faults in the fold (in whichever block faults first), an error that
   names the call as a fault in a kernel does, not a bare SIGSEGV.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>
#include <stdlib.h>

static long
sum (long a, long b)
{
  return a + b;
}

int
main (void)
{
  long *x = calloc (1000, sizeof *x);
  return cuda_reduce (sum, x, 1LL << 40) != 0; /* line 21 */
}

/* { dg-output "cudajit: error: kernel 'cuda_reduce_sum' launched at \[^\n\]*cpu-fault-reduce.c:21: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(\[0-9\]+, 0, 0\\) thread \\(0, 0, 0\\)" } */
