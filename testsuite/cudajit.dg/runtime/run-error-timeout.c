/* With CUDAJIT_TIMEOUT, a kernel that runs longer ends the program with
   an error that names it, its launch and the time, and on the CPU
   backend the loop where its threads wait for memory to change; one that
   finishes in time runs as without it.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_TIMEOUT "1" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-shouldfail "timeout" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
spin (int *flag)
{
  while (((volatile int *) flag)[0] == 0)
    ;
}

int
main (void)
{
  int zero = 0, one = 1, back = 0;
  int *flag = cuda_to_device (&one, sizeof one);

  cuda_launch (spin, 4, 32) (flag);
  cuda_copy_to_host (&back, flag, sizeof back);
  if (back != 1)
    return 2;
  cuda_copy_to_device (flag, &zero, sizeof zero);
  cuda_launch (spin, 4, 32) (flag); /* line 30 */
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'spin' launched at \[^\n\]*run-error-timeout.c:30: still running after the 1 s of CUDAJIT_TIMEOUT: its threads wait in the loop at \[^\n\]*run-error-timeout.c:15 for memory that another thread changes; a thread that waits for another block may wait forever, on the CPU backend as on a GPU, where CUDA does not promise that the blocks of a launch run at once\n$" { target { ! cuda_gpu } } } */
/* { dg-output "cudajit: error: kernel 'spin' launched at \[^\n\]*run-error-timeout.c:30: still running after the 1 s of CUDAJIT_TIMEOUT\n$" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
