/* On a GPU, the unbounded recursion of cpu-fault-recursion.c is an error
   that names the kernel and its launch too, with the GPU's words for it.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
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

/* { dg-output "cudajit: error: kernel 'recurse' launched at \[^\n\]*gpu-fault-recursion.c:34: CUDA_ERROR_" } */
