/* The warp-matrix operations in a block that is not whole warps, whose
   last warp would leave part of each tile undone, end the program with
   an error that names the kernel, its launch and a thread of that warp:
   on the CPU backend in the error, at the first load; on a GPU in a line
   of its own before the trap, at the store, the first operation that
   checks there.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-shouldfail "a block of 48 threads" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
tiles (const _Float16 a[2 * 16 * 16], float c[2 * 16 * 16])
{
  int w = threadIdx.x / 32;
  cuda_wmma_a_f16 fa;
  cuda_wmma_b_f16 fb;
  cuda_wmma_acc_f32 acc;
  cuda_wmma_fill (&acc, 0.0f);
  cuda_wmma_load_a (&fa, a + w * 256, 16);
  cuda_wmma_load_b (&fb, a + w * 256, 16);
  cuda_wmma_mma (&acc, &fa, &fb, &acc);
  cuda_wmma_store (c + w * 256, &acc, 16);
}

int
main (void)
{
  static _Float16 a[2 * 16 * 16];
  static float c[2 * 16 * 16];
  for (int i = 0; i < 2 * 16 * 16; i++)
    a[i] = (_Float16) (i % 3);
  cuda_launch (tiles, 1, 64) (a, c);
  float expected = 0;
  for (int k = 0; k < 16; k++)
    expected += (float) a[256 + 16 + k] * (float) a[256 + k * 16 + 1];
  printf ("64 threads: %s\n", c[256 + 17] == expected ? "ok" : "wrong");
  fflush (stdout);
  cuda_launch (tiles, 1, 48) (a, c); /* Launch line 41.  */
  cuda_synchronize ();
  printf ("not reached\n");
  return 0;
}

/* { dg-output "64 threads: ok\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'tiles' launched at \[^\n\]*run-error-wmma-partial-warp.c:41: cuda_wmma_load_a in thread \\(32, 0, 0\\) of block \\(0, 0, 0\\): its warp has 16 threads, but the warp-matrix operations need all 32: make the block's threads a multiple of 32, and call them where every lane of the warp does" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cuda_wmma_store in thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\): its warp has 16 threads, but the warp-matrix operations need all 32.*cudajit: error: kernel 'tiles' launched at \[^\n\]*run-error-wmma-partial-warp.c:41: CUDA_ERROR_" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
