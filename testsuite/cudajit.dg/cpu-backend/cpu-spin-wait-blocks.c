/* A block that waits for a flag that a later block of its launch sets,
   which CUDA does not promise to run meanwhile: with one thread, the CPU
   backend runs the first block until CUDAJIT_TIMEOUT ends the program
   with an error that names the kernel, its launch and the loop where its
   threads wait, and says why.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "1" } */
/* { dg-set-target-env-var CUDAJIT_TIMEOUT "1" } */
/* { dg-shouldfail "timeout" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
wait_for_next (volatile int flags[2])
{
  if (blockIdx.x == 0)
    while (!flags[1])
      ;
  else if (threadIdx.x == 0)
    flags[1] = 1;
}

int
main (void)
{
  static volatile int flags[2];

  cuda_launch (wait_for_next, 2, 64) (flags);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'wait_for_next' launched at \[^\n\]*cpu-spin-wait-blocks.c:29: still running after the 1 s of CUDAJIT_TIMEOUT: its threads wait in the loop at \[^\n\]*cpu-spin-wait-blocks.c:18 for memory that another thread changes; a thread that waits for another block may wait forever, on the CPU backend as on a GPU, where CUDA does not promise that the blocks of a launch run at once\n$" } */
