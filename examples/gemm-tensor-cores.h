/* SPDX-License-Identifier: MIT */
/* The kernels of examples/gemm-tensor-cores.c: C = A B on the tensor
   cores, A and B of 16-bit floats (_Float16 or __bf16), C of float, all
   row-major.  One source for two compilers: cudajit's plugin, and nvcc,
   for which bench/gemm-nvcc.cu compiles bench/gemm.c with this header;
   under __CUDACC__ the few names below spell cudajit's as CUDA's.

   Each block of eight warps computes a 128x128 tile of C; each warp a
   64x32 part of it, 4x2 fragments of 16x16 accumulators, which reuse
   each fragment of A twice and each of B four times.  Along K the block
   goes by steps of 32: it copies the 128x32 slice of A and the 32x128
   slice of B of a step into shared memory with asynchronous copies (16
   bytes a thread each), GEMM_STAGES steps ahead of the one its warps
   multiply, so that the loads of later steps overlap the arithmetic of
   this one.  The stages take 74 KiB of dynamic shared memory, above the
   48 KiB a launch gets by default.  M and N must be multiples of 128,
   K of 32.  */

#ifndef GEMM_TENSOR_CORES_H
#define GEMM_TENSOR_CORES_H

enum
{
  GEMM_BLOCK_TILE = 128, /* the block's tile of C, square */
  GEMM_STEP = 32,        /* along K, each stage of shared memory */
  GEMM_STAGES = 4,       /* the steps in shared memory at once */
  GEMM_FRAGMENT = 16,    /* the side of a fragment */
  GEMM_WARP_ROWS = 64,   /* a warp's part of the block's tile */
  GEMM_WARP_COLUMNS = 32,
  GEMM_WARP_GRID_COLUMNS = GEMM_BLOCK_TILE / GEMM_WARP_COLUMNS,
  GEMM_FRAGMENTS_A = GEMM_WARP_ROWS / GEMM_FRAGMENT,
  GEMM_FRAGMENTS_B = GEMM_WARP_COLUMNS / GEMM_FRAGMENT,
  GEMM_WARPS = GEMM_BLOCK_TILE / GEMM_WARP_ROWS * GEMM_WARP_GRID_COLUMNS,
  GEMM_THREADS = GEMM_WARPS * 32,
  /* Each row of a slice in shared memory ends with 8 elements unused, 16
     bytes, so that a fragment's rows start in different banks.  */
  GEMM_SKEW = 8,
  GEMM_A_STRIDE = GEMM_STEP + GEMM_SKEW,
  GEMM_B_STRIDE = GEMM_BLOCK_TILE + GEMM_SKEW,
  GEMM_A_STAGE = GEMM_BLOCK_TILE * GEMM_A_STRIDE, /* elements */
  GEMM_B_STAGE = GEMM_STEP * GEMM_B_STRIDE,
  GEMM_ELEMENT_BYTES = 2,
  GEMM_COPY_BYTES = 16, /* one asynchronous copy */
  GEMM_COPY_ELEMENTS = GEMM_COPY_BYTES / GEMM_ELEMENT_BYTES,
  /* A's slice of a step, 128x32, and B's, 32x128, in copies.  */
  GEMM_SLICE_COPIES = GEMM_BLOCK_TILE * GEMM_STEP / GEMM_COPY_ELEMENTS,
  GEMM_SHARED_BYTES
  = GEMM_STAGES * (GEMM_A_STAGE + GEMM_B_STAGE) * GEMM_ELEMENT_BYTES
};

#ifdef __CUDACC__
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

#define GEMM_KERNEL extern "C" __global__ void
#define GEMM_DEVICE static __device__ inline void
#define GEMM_DYNAMIC_SHARED(type, name)                                       \
  extern __shared__ __align__ (128) type name[]
typedef __half gemm_f16;
typedef __nv_bfloat16 gemm_bf16;
#define GEMM_FRAGMENT_TYPE(use, type, layout)                                 \
  nvcuda::wmma::fragment<nvcuda::wmma::use, 16, 16, 16, type, layout>
typedef GEMM_FRAGMENT_TYPE (matrix_a, __half,
                            nvcuda::wmma::row_major) cuda_wmma_a_f16;
typedef GEMM_FRAGMENT_TYPE (matrix_b, __half,
                            nvcuda::wmma::row_major) cuda_wmma_b_f16;
typedef GEMM_FRAGMENT_TYPE (matrix_a, __nv_bfloat16,
                            nvcuda::wmma::row_major) cuda_wmma_a_bf16;
typedef GEMM_FRAGMENT_TYPE (matrix_b, __nv_bfloat16,
                            nvcuda::wmma::row_major) cuda_wmma_b_bf16;
typedef GEMM_FRAGMENT_TYPE (accumulator, float, void) cuda_wmma_acc_f32;
#define cuda_wmma_fill(f, value) nvcuda::wmma::fill_fragment (*(f), value)
#define cuda_wmma_load_a(f, p, ld) nvcuda::wmma::load_matrix_sync (*(f), p, ld)
#define cuda_wmma_load_b(f, p, ld) nvcuda::wmma::load_matrix_sync (*(f), p, ld)
#define cuda_wmma_mma(d, a, b, c)                                             \
  nvcuda::wmma::mma_sync (*(d), *(a), *(b), *(c))
#define cuda_wmma_store(p, c, ld)                                             \
  nvcuda::wmma::store_matrix_sync (p, *(c), ld, nvcuda::wmma::mem_row_major)
#define cuda_memcpy_async(dst, src, bytes)                                    \
  __pipeline_memcpy_async (dst, src, bytes)
#define cuda_pipeline_commit() __pipeline_commit ()
#define cuda_pipeline_wait(n) __pipeline_wait_prior (n)
#define cuda_syncthreads() __syncthreads ()
#else
#include <cudajit.h>

#define GEMM_KERNEL __attribute__ ((cuda_jit)) void
#define GEMM_DEVICE static inline void
#define GEMM_DYNAMIC_SHARED(type, name)                                       \
  extern __attribute__ ((cuda_shared, aligned (128))) type name[]
typedef _Float16 gemm_f16;
typedef __bf16 gemm_bf16;
#endif

/* The kernel NAME on elements ELEMENT, whose fragments of A and B are
   FRAGMENT_A and FRAGMENT_B, and NAME_load, which starts the copies of
   step STEP's slices into stage STEP % GEMM_STAGES of A_STAGES and
   B_STAGES, 16 bytes each: two of A's and two of B's a thread.  */
#define DEFINE_GEMM(name, element, fragment_a, fragment_b)                    \
  GEMM_DEVICE                                                                 \
  name##_load (element *a_stages, element *b_stages, const element *a,        \
               const element *b, int n, int k, int row0, int column0,         \
               int step)                                                      \
  {                                                                           \
    element *sa = a_stages + step % GEMM_STAGES * GEMM_A_STAGE;               \
    element *sb = b_stages + step % GEMM_STAGES * GEMM_B_STAGE;               \
    int k0 = step * GEMM_STEP;                                                \
    for (int copy = threadIdx.x; copy < GEMM_SLICE_COPIES;                    \
         copy += GEMM_THREADS)                                                \
      {                                                                       \
        int e = copy * GEMM_COPY_ELEMENTS;                                    \
        int a_row = e / GEMM_STEP, a_column = e % GEMM_STEP;                  \
        int b_row = e / GEMM_BLOCK_TILE, b_column = e % GEMM_BLOCK_TILE;      \
        cuda_memcpy_async (&sa[a_row * GEMM_A_STRIDE + a_column],             \
                           &a[(long) (row0 + a_row) * k + k0 + a_column],     \
                           GEMM_COPY_BYTES);                                  \
        cuda_memcpy_async (&sb[b_row * GEMM_B_STRIDE + b_column],             \
                           &b[(long) (k0 + b_row) * n + column0 + b_column],  \
                           GEMM_COPY_BYTES);                                  \
      }                                                                       \
  }                                                                           \
                                                                              \
  GEMM_KERNEL                                                                 \
  name (int m, int n, int k, const element *a, const element *b, float *c)    \
  {                                                                           \
    GEMM_DYNAMIC_SHARED (element, name##_stages);                             \
    element *a_stages = name##_stages;                                        \
    element *b_stages = name##_stages + GEMM_STAGES * GEMM_A_STAGE;           \
    int row0 = blockIdx.y * GEMM_BLOCK_TILE;                                  \
    int column0 = blockIdx.x * GEMM_BLOCK_TILE;                               \
    int warp = threadIdx.x / 32;                                              \
    int warp_row = warp / GEMM_WARP_GRID_COLUMNS * GEMM_WARP_ROWS;            \
    int warp_column = warp % GEMM_WARP_GRID_COLUMNS * GEMM_WARP_COLUMNS;      \
    fragment_a fa[GEMM_FRAGMENTS_A];                                          \
    fragment_b fb[GEMM_FRAGMENTS_B];                                          \
    cuda_wmma_acc_f32 acc[GEMM_FRAGMENTS_A][GEMM_FRAGMENTS_B];                \
    for (int i = 0; i < GEMM_FRAGMENTS_A; i++)                                \
      for (int j = 0; j < GEMM_FRAGMENTS_B; j++)                              \
        cuda_wmma_fill (&acc[i][j], 0.0f);                                    \
    int steps = k / GEMM_STEP;                                                \
    /* Each step's copies are one group of the pipeline, empty past the       \
       last step, so that waiting for all but the last GEMM_STAGES - 2        \
       groups always means this step's.  */                                   \
    for (int step = 0; step < GEMM_STAGES - 1; step++)                        \
      {                                                                       \
        if (step < steps)                                                     \
          name##_load (a_stages, b_stages, a, b, n, k, row0, column0, step);  \
        cuda_pipeline_commit ();                                              \
      }                                                                       \
    for (int step = 0; step < steps; step++)                                  \
      {                                                                       \
        cuda_pipeline_wait (GEMM_STAGES - 2);                                 \
        /* The step's slices are in, and every warp is done with the          \
           previous step's, whose stage the next load takes.  */              \
        cuda_syncthreads ();                                                  \
        if (step + GEMM_STAGES - 1 < steps)                                   \
          name##_load (a_stages, b_stages, a, b, n, k, row0, column0,         \
                       step + GEMM_STAGES - 1);                               \
        cuda_pipeline_commit ();                                              \
        const element *sa = a_stages + step % GEMM_STAGES * GEMM_A_STAGE;     \
        const element *sb = b_stages + step % GEMM_STAGES * GEMM_B_STAGE;     \
        for (int kk = 0; kk < GEMM_STEP; kk += GEMM_FRAGMENT)                 \
          {                                                                   \
            for (int i = 0; i < GEMM_FRAGMENTS_A; i++)                        \
              cuda_wmma_load_a (                                              \
                  &fa[i],                                                     \
                  &sa[(warp_row + i * GEMM_FRAGMENT) * GEMM_A_STRIDE + kk],   \
                  GEMM_A_STRIDE);                                             \
            for (int j = 0; j < GEMM_FRAGMENTS_B; j++)                        \
              cuda_wmma_load_b (                                              \
                  &fb[j],                                                     \
                  &sb[kk * GEMM_B_STRIDE + warp_column + j * GEMM_FRAGMENT],  \
                  GEMM_B_STRIDE);                                             \
            for (int i = 0; i < GEMM_FRAGMENTS_A; i++)                        \
              for (int j = 0; j < GEMM_FRAGMENTS_B; j++)                      \
                cuda_wmma_mma (&acc[i][j], &fa[i], &fb[j], &acc[i][j]);       \
          }                                                                   \
      }                                                                       \
    for (int i = 0; i < GEMM_FRAGMENTS_A; i++)                                \
      for (int j = 0; j < GEMM_FRAGMENTS_B; j++)                              \
        cuda_wmma_store (&c[(long) (row0 + warp_row + i * GEMM_FRAGMENT) * n  \
                            + column0 + warp_column + j * GEMM_FRAGMENT],     \
                         &acc[i][j], n);                                      \
  }

DEFINE_GEMM (gemm_f16_kernel, gemm_f16, cuda_wmma_a_f16, cuda_wmma_b_f16)
DEFINE_GEMM (gemm_bf16_kernel, gemm_bf16, cuda_wmma_a_bf16, cuda_wmma_b_bf16)

#endif /* GEMM_TENSOR_CORES_H */
