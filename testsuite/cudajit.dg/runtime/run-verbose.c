/* CUDAJIT_VERBOSE=1 says what the runtime does: the backend (or, where it
   falls back to the CPU, its usual line), the compilation of the unit
   on a GPU, the block size that cuda_forall chooses, once for each size,
   and the host arrays copied (both ways, as the kernel writes only some
   of the array's elements), and on the CPU backend how many threads run
   its launches and how the kernel's threads run.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int n, int x[n], int value)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = value;
}

int
main (void)
{
  static int x[1000];
  cuda_forall (fill, 1000) (1000, x, 1);
  cuda_forall (fill, 1000) (1000, x, 2);
  printf ("x[999] %d\n", x[999]);
  return x[999] != 2;
}

/* { dg-output "cudajit: (backend: GPU 0 of \[0-9\]+, \[^\n\]*, sm_\[0-9\]+, CUDA driver \[0-9\]+\n(\[^\n\]*\n)*cudajit: run-verbose.c.cu (compiled by NVRTC|came from the cache) for (sm|compute)_\[0-9\]+ in \[0-9.\]+ ms\[^\n\]*|backend: the CPU, as CUDAJIT_BACKEND says|\[^\n\]*kernels run on the CPU \\(CUDAJIT_BACKEND=cpu does so without a word\\))\n" } */
/* { dg-output "cudajit: cuda_forall of 'fill' at \[^\n\]*run-verbose.c:\[0-9\]+ over 1000 threads: blocks of \[0-9\]+\n" } */
/* { dg-output "(cudajit: CPU backend: \[0-9\]+ threads? \\(1 process on this node\\)\n)?" } */
/* { dg-output "(cudajit: kernel 'fill' \[^\n\]* without optimization \[^\n\]*\n)?" } */
/* { dg-output "(cudajit: CPU backend: 'fill' runs \[^\n\]*\n)?" } */
/* { dg-output "(cudajit: kernel 'fill' launched at \[^\n\]*run-verbose.c:\[0-9\]+: host array 'x', 4000 bytes, copied to the GPU and back\n\[^\n\]*copies to the GPU took \[0-9.\]+ ms, back \[0-9.\]+ ms\n" } */
/* { dg-output "cudajit: kernel 'fill' launched at \[^\n\]*run-verbose.c:\[0-9\]+: host array 'x', 4000 bytes, copied to the GPU and back\n\[^\n\]*copies to the GPU took \[0-9.\]+ ms, back \[0-9.\]+ ms\n)?" } */
/* { dg-output "x\\\[999\\\] 2" } */
/* { dg-cudajit-levels all } */
