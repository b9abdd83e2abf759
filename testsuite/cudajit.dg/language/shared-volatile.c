/* A volatile shared or local array stays volatile in the CUDA C, whose
   compiler would otherwise keep a spinning thread's read of the flag
   in a register and loop for ever (run-spin-wait.c's shared_flag did
   so on a GPU).  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
wait_for_flag (int *out)
{
  static __attribute__ ((cuda_shared)) volatile int flag[1];
  static __attribute__ ((cuda_shared)) volatile struct { int a, b; } pair[2];
  volatile float history[4];

  if (threadIdx.x == 0)
    flag[0] = 0;
  cuda_syncthreads ();
  if (threadIdx.x == 32)
    {
      pair[0].a = 1;
      flag[0] = 1;
    }
  else if (threadIdx.x == 0)
    {
      while (!flag[0])
        ;
      history[threadIdx.x % 4] = 1.0f;
      out[0] = pair[0].a + (int) history[0];
    }
}

/* { dg-final { scan-cuda "__shared__ volatile int flag\\\[1\\\];" } } */
/* { dg-final { scan-cuda "__shared__ volatile struct \[^;\]* pair\\\[2\\\];" } } */
/* { dg-final { scan-cuda "\n *volatile float history\\\[4\\\];" } } */
