/* On the CPU backend, a block that returns without reaching the
   cuda_grid_sync where the other blocks wait is an error that names the
   kernel, the launch and the block, where a GPU would hang: every thread
   of the grid must reach each cuda_grid_sync, as in CUDA.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "deadlock" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  if (blockIdx.x == 2)
    return;
  out[cuda_grid_x ()] = 1;
  cuda_grid_sync ();
  out[cuda_grid_x ()] = 2;
}

int
main (void)
{
  int *out = cuda_device_array (4 * 32 * sizeof (int));
  cuda_launch (kernel, 4, 32) (out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'kernel' launched at \[^\n\]*run-error-grid-sync-divergent.c:25: block \\(2, 0, 0\\) returned without reaching the cuda_grid_sync where 3 other blocks wait for it forever" } */
/* { dg-cudajit-levels all } */
