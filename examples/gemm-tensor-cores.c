/* SPDX-License-Identifier: MIT */
/* A matrix product on the tensor cores (issue 47): C = A B, A and B of
   _Float16 or of __bf16, C of float, all row-major, by the kernels of
   gemm-tensor-cores.h: block tiles of 128x128 in shared memory, filled by
   asynchronous copies four steps of K ahead of the warps' 16x16x16
   fragments.  bench/gemm times them against cuBLAS and against nvcc's
   build of the same source, from 1024 to 16384.  Here, a product of
   256x320 by 320x384, of each type, checked against plain C: on the CPU
   backend, which adds the products in the same order, to the bit; with small
   integers, whose sums are exact, on a GPU too.  */

#include <cudajit.h>
#include <stdio.h>
#include <time.h>

#ifdef __FLT16_MAX__
#include "gemm-tensor-cores.h"

enum
{
  M = 256,
  N = 384,
  K = 320
};

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static float a_values[M * K], b_values[K * N], expected[M * N], c[M * N];

/* How many elements of C differ from EXPECTED, after a launch of the
   kernel of TYPE that took ELAPSED seconds.  */
static int
mismatches (const char *type, double elapsed)
{
  int wrong = 0;
  for (int i = 0; i < M * N; i++)
    wrong += c[i] != expected[i];
  printf (
      "gemm %dx%dx%d of %s on the tensor cores: %.3f ms, the first "
      "launch (its compilation and the copy of C included), %d mismatches\n",
      M, N, K, type, elapsed * 1e3, wrong);
  return wrong;
}

int
main (void)
{
  static _Float16 a_f16[M * K], b_f16[K * N];
  static __bf16 a_bf16[M * K], b_bf16[K * N];
  for (int i = 0; i < M * K; i++)
    {
      a_values[i] = i % 7 - 3;
      a_f16[i] = (_Float16) a_values[i];
      a_bf16[i] = cuda_float2bfloat16 (a_values[i]);
    }
  for (int i = 0; i < K * N; i++)
    {
      b_values[i] = (i % 5 - 2) / 4.0f;
      b_f16[i] = (_Float16) b_values[i];
      b_bf16[i] = cuda_float2bfloat16 (b_values[i]);
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        float sum = 0;
        for (int l = 0; l < K; l++)
          sum += a_values[i * K + l] * b_values[l * N + j];
        expected[i * N + j] = sum;
      }
  cuda_dim3 grid = cuda_dim3 (N / GEMM_BLOCK_TILE, M / GEMM_BLOCK_TILE);
  float *c_device = cuda_device_array (sizeof c);
  _Float16 *a_device_f16 = cuda_to_device (a_f16, sizeof a_f16);
  _Float16 *b_device_f16 = cuda_to_device (b_f16, sizeof b_f16);
  double start = seconds ();
  cuda_launch (gemm_f16_kernel, grid, GEMM_THREADS,
               .shared_bytes = GEMM_SHARED_BYTES) (M, N, K, a_device_f16,
                                                   b_device_f16, c_device);
  cuda_copy_to_host (c, c_device, sizeof c);
  int wrong = mismatches ("_Float16", seconds () - start);
  cuda_free (a_device_f16);
  cuda_free (b_device_f16);
  __bf16 *a_device_bf16 = cuda_to_device (a_bf16, sizeof a_bf16);
  __bf16 *b_device_bf16 = cuda_to_device (b_bf16, sizeof b_bf16);
  start = seconds ();
  cuda_launch (gemm_bf16_kernel, grid, GEMM_THREADS,
               .shared_bytes = GEMM_SHARED_BYTES) (M, N, K, a_device_bf16,
                                                   b_device_bf16, c_device);
  cuda_copy_to_host (c, c_device, sizeof c);
  wrong += mismatches ("__bf16", seconds () - start);
  cuda_free (a_device_bf16);
  cuda_free (b_device_bf16);
  cuda_free (c_device);
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
