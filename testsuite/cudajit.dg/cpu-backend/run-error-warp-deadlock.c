/* On the CPU backend, a shuffle whose mask names threads that wait at
   cuda_syncthreads is an error that names the kernel, the launch, the
   block, the shuffle's line and a thread it waits for, where a GPU would
   hang or compute garbage.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "deadlock" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  int v = threadIdx.x;
  if (threadIdx.x < 16)
    v = cuda_shfl_sync (0xffffffff, v, 20);
  else
    cuda_syncthreads ();
  out[cuda_grid_x ()] = v;
}

int
main (void)
{
  int *out = cuda_device_array (64 * sizeof (int));
  cuda_launch (kernel, 2, 32) (out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'kernel' launched at \[^\n\]*run-error-warp-deadlock.c:26: the threads of block \\(\[01\], 0, 0\\) wait for each other forever on the CPU backend: thread \\(0, 0, 0\\) waits in cuda_shfl_sync at \[^\n\]*run-error-warp-deadlock.c:16 with the mask 0xffffffff, which names thread \\(16, 0, 0\\), which waits at cuda_syncthreads\n" } */
/* { dg-cudajit-levels all } */
