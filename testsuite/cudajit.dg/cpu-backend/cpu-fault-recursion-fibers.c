/* On the CPU backend, unbounded recursion in a kernel is a stack overflow
   that names the kernel, the launch, the block and the thread: here
   where they wait at a barrier, and so run as fibers, each on a
   stack of its own.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "stack overflow" } */

#include <cudajit.h>

/* Recurse N times: each frame is read after the call that it passes to,
   so the recursion stays one.  */
static int
depth (long n, volatile int *above)
{
  volatile int frame[64];
  int below;

  frame[0] = above[0] + 1;
  below = n ? depth (n - 1, frame) : 0;
  return below + frame[0];
}

__attribute__ ((cuda_jit)) void
recurse (int *out, long n)
{
  cuda_syncthreads ();
  out[threadIdx.x] = depth (threadIdx.x == 1 ? n : 1, out);
}

int
main (void)
{
  int *out = cuda_device_array (32 * sizeof (int));

  cuda_launch (recurse, 1, 32) (out, 1L << 40);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'recurse' launched at \[^\n\]*cpu-fault-recursion-fibers.c:36: stack overflow, such as from unbounded recursion \\(a GPU gives a thread 512 KiB of local memory\\) in block \\(0, 0, 0\\) thread \\(1, 0, 0\\), code at \[^\n\]*cpu-fault\[^\n\]*\\+0x\[0-9a-f\]+\n" } */
