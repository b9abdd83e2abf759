/* On the CPU backend, a fault after the shuffles of a kernel cut at them
   names the thread that faulted, found by running the block again as
   fibers, whose shuffles must get that far as the block function's
   did.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "null pointer" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
reduce (int *out, int *null)
{
  int v = threadIdx.x;
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_down_sync (0xffffffff, v, d);
  if (threadIdx.x == 37)
    *null = v;
  out[threadIdx.x] = v;
}

int
main (void)
{
  int *out = cuda_device_array (64 * sizeof *out);
  cuda_launch (reduce, 1, 64) (out, (int *) 0);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'reduce' launched at \[^\n\]*cpu-fault-warp.c:26: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x0 in block \\(0, 0, 0\\) thread \\(37, 0, 0\\), code at \[^\n\]*cpu-fault-warp\[^\n\]*\\+0x\[0-9a-f\]+\n" } */
