/* Warp-matrix operations in a warp some of whose lanes returned before
   them (CUDA leaves them undefined: on a GPU they compute part of the
   tile), in a block of whole warps, end the program with the error of a
   partial warp, naming the kernel, its launch, a lane that stored and
   the lanes that did: on a GPU at the store, in a line of its own before
   the trap; on the CPU backend at the end of the block.  A warp whose
   lanes all take the branch runs as before.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-shouldfail "lanes 16 to 31 return" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
tiles (const _Float16 a[16 * 16], float c[16 * 16], unsigned int lanes)
{
  if (threadIdx.x >= lanes)
    return;
  cuda_wmma_a_f16 fa;
  cuda_wmma_b_f16 fb;
  cuda_wmma_acc_f32 acc;
  cuda_wmma_fill (&acc, 0.0f);
  cuda_wmma_load_a (&fa, a, 16);
  cuda_wmma_load_b (&fb, a, 16);
  cuda_wmma_mma (&acc, &fa, &fb, &acc);
  cuda_wmma_store (c, &acc, 16);
}

int
main (void)
{
  _Float16 *a = cuda_managed_array (16 * 16 * sizeof *a);
  float *c = cuda_managed_array (16 * 16 * sizeof *c);
  for (int i = 0; i < 16 * 16; i++)
    a[i] = (_Float16) (i % 3);
  cuda_launch (tiles, 1, 32) (a, c, 32);
  cuda_synchronize ();
  float expected = 0;
  for (int k = 0; k < 16; k++)
    expected += (float) a[16 + k] * (float) a[k * 16 + 1];
  printf ("whole warp: %s\n", c[17] == expected ? "ok" : "wrong");
  fflush (stdout);
  cuda_launch (tiles, 1, 32) (a, c, 16); /* Launch line 44.  */
  cuda_synchronize ();
  printf ("not reached\n");
  return 0;
}

/* { dg-output "whole warp: ok\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'tiles' launched at \[^\n\]*run-error-wmma-divergent-warp.c:44: cuda_wmma_store in thread \\(0, 0, 0\\) of block \\(0, 0, 0\\): its warp has 16 threads, but the warp-matrix operations need all 32: make the block's threads a multiple of 32, and call them where every lane of the warp does" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cuda_wmma_store in thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\): its warp has 16 threads, but the warp-matrix operations need all 32.*cudajit: error: kernel 'tiles' launched at \[^\n\]*run-error-wmma-divergent-warp.c:44: CUDA_ERROR_" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
