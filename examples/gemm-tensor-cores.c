/* SPDX-License-Identifier: MIT */
/* A matrix product on the tensor cores (issue 47): C = A B, A and B of
   _Float16, C of float, all row-major.  Each block of four warps
   computes a 64x64 tile of C; each warp a 32x32 quarter of it, 2x2
   fragments of 16x16 accumulators, which reuse each fragment of A and
   of B twice.  For each step of 16 along K, the block's threads copy
   the 64x16 slice of A and the 16x64 slice of B that the tile needs
   into shared memory, and each warp multiplies its fragments of them.
   Checked against plain C: on the CPU backend, which adds the products
   in the same order, to the bit; with small integers and quarters, whose
   sums are exact, on a GPU too.  */

#include <cudajit.h>
#include <stdio.h>
#include <time.h>

#ifdef __FLT16_MAX__

enum
{
  M = 256,
  N = 192,
  K = 320,
  BLOCK_TILE = 64, /* the block's tile of C, square */
  FRAGMENT = 16,   /* the side of a fragment */
  STEP = 16,       /* along K, each time through shared memory */
  WARP_TILE = 32,  /* a warp's quarter of the block's tile */
  WARPS = 4,
  THREADS = WARPS * 32
};

/* Each of M, N and K a multiple of BLOCK_TILE, and K of STEP.  */
__attribute__ ((cuda_jit)) void
gemm (int m, int n, int k, const _Float16 a[m * k], const _Float16 b[k * n],
      float c[m * n])
{
  /* The fragments' loads need 32-byte alignment.  */
  static __attribute__ ((cuda_shared,
                         aligned (32))) _Float16 sa[BLOCK_TILE][STEP];
  static __attribute__ ((cuda_shared,
                         aligned (32))) _Float16 sb[STEP][BLOCK_TILE];
  int row0 = blockIdx.y * BLOCK_TILE, col0 = blockIdx.x * BLOCK_TILE;
  int t = threadIdx.x, warp = t / 32;
  int wr = warp / 2 * WARP_TILE, wc = warp % 2 * WARP_TILE;
  cuda_wmma_a_f16 fa[2];
  cuda_wmma_b_f16 fb[2];
  cuda_wmma_acc_f32 acc[2][2];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      cuda_wmma_fill (&acc[i][j], 0.0f);
  for (int k0 = 0; k0 < k; k0 += STEP)
    {
      for (int i = t; i < BLOCK_TILE * STEP; i += THREADS)
        {
          sa[i / STEP][i % STEP]
              = a[(long) (row0 + i / STEP) * k + k0 + i % STEP];
          sb[i / BLOCK_TILE][i % BLOCK_TILE]
              = b[(long) (k0 + i / BLOCK_TILE) * n + col0 + i % BLOCK_TILE];
        }
      cuda_syncthreads ();
      for (int i = 0; i < 2; i++)
        {
          cuda_wmma_load_a (&fa[i], &sa[wr + i * FRAGMENT][0], STEP);
          cuda_wmma_load_b (&fb[i], &sb[0][wc + i * FRAGMENT], BLOCK_TILE);
        }
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
          cuda_wmma_mma (&acc[i][j], &fa[i], &fb[j], &acc[i][j]);
      cuda_syncthreads ();
    }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      cuda_wmma_store (
          &c[(long) (row0 + wr + i * FRAGMENT) * n + col0 + wc + j * FRAGMENT],
          &acc[i][j], n);
}

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main (void)
{
  static _Float16 a[M * K], b[K * N];
  static float c[M * N];
  for (int i = 0; i < M * K; i++)
    a[i] = (_Float16) (i % 7 - 3);
  for (int i = 0; i < K * N; i++)
    b[i] = (_Float16) (i % 5 - 2) / 4;
  double start = seconds ();
  cuda_launch (gemm, cuda_dim3 (N / BLOCK_TILE, M / BLOCK_TILE),
               THREADS) (M, N, K, a, b, c);
  double elapsed = seconds () - start;
  int wrong = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        float sum = 0;
        for (int l = 0; l < K; l++)
          sum += (float) a[i * K + l] * (float) b[l * N + j];
        wrong += c[i * N + j] != sum;
      }
  printf ("gemm %dx%dx%d on the tensor cores: %.3f ms, the first launch "
          "(its compilation included)\n",
          M, N, K, elapsed * 1e3);
  printf ("gemm-tensor-cores: %s (%d mismatches)\n", wrong ? "FAILED" : "ok",
          wrong);
  return wrong != 0;
}

#else
int
main (void)
{
  puts ("gemm-tensor-cores: needs _Float16, of GCC 12 and later; skipped");
  return 77;
}
#endif
