/* A warp-matrix load or store whose leading dimension is not a multiple
   of 16 bytes, or whose pointer is not aligned to 32 bytes, which the
   GPU's instructions do not take, ends the program with an error that
   names the kernel, its launch and the thread: on the CPU backend in
   the error; on a GPU in a line of its own before the trap.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-shouldfail "a leading dimension of 12" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
tile (const _Float16 a[16 * 16], float c[16 * 16], int ld)
{
  cuda_wmma_a_f16 fa;
  cuda_wmma_b_f16 fb;
  cuda_wmma_acc_f32 acc;
  cuda_wmma_fill (&acc, 1.0f);
  cuda_wmma_load_a (&fa, a, ld);
  cuda_wmma_load_b (&fb, a, 16);
  cuda_wmma_mma (&acc, &fa, &fb, &acc);
  cuda_wmma_store (c, &acc, 16);
}

int
main (void)
{
  static _Float16 a[16 * 16];
  static float c[16 * 16];
  cuda_launch (tile, 1, 32) (a, c, 16);
  printf ("ld 16: %g\n", c[17]);
  fflush (stdout);
  cuda_launch (tile, 1, 32) (a, c, 12); /* Launch line 34.  */
  cuda_synchronize ();
  printf ("not reached\n");
  return 0;
}

/* { dg-output "ld 16: 1\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'tile' launched at \[^\n\]*run-error-wmma-misaligned.c:34: cuda_wmma_load_a in thread \\(0, 0, 0\\) of block \\(0, 0, 0\\): the pointer 0x\[0-9a-f\]+ is not aligned to 32 bytes, or the leading dimension 12 is not a multiple of 8" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cuda_wmma_load_a in thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\): the pointer 0x\[0-9a-f\]+ is not aligned to 32 bytes, or the leading dimension 12 is not a multiple of 8.*cudajit: error: kernel 'tile' launched at \[^\n\]*run-error-wmma-misaligned.c:34: CUDA_ERROR_" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
