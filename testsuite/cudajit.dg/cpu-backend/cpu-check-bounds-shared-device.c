/* Under CUDAJIT_CHECK=bounds, a device function that reads before the
   start of its shared array is an error that names the kernel that
   called it, the array, the line and the thread.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */
/* { dg-shouldfail "shared array out of bounds" } */

#include <cudajit.h>

enum
{
  THREADS = 32
};

/* The value of thread T - 1, which thread 0 reads before the array.  */
static __attribute__ ((cuda_device)) float
previous (unsigned int t, float v)
{
  static __attribute__ ((cuda_shared)) float ring[THREADS];
  ring[t] = v;
  cuda_syncthreads ();
  float before = ring[(int) t - 1];
  cuda_syncthreads ();
  return before;
}

__attribute__ ((cuda_jit)) void
rotate (float out[THREADS])
{
  out[threadIdx.x] = previous (threadIdx.x, threadIdx.x);
}

int
main (void)
{
  static float out[THREADS];
  cuda_launch (rotate, 1, THREADS) (out);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'rotate' launched at \[^\n\]*cpu-check-bounds-shared-device.c:38: out-of-bounds access to shared array 'ring' at \[^\n\]*cpu-check-bounds-shared-device.c:23: 4 bytes at byte -4 of its 128, by thread \\(0, 0, 0\\) of block \\(0, 0, 0\\)\n" } */
