/* SPDX-License-Identifier: MIT */
/* The warp-matrix operations of cudajit.h, CUDA's nvcuda::wmma on the
   tensor cores, of shape MxNxK (16x16x16, 32x8x16, 8x32x16, 16x16x8),
   D = A B +
   C, A MxK, B KxN, C and D MxN, each held by the whole warp in
   fragments, cuda_wmma_NAME (cudajit-wmma.def), whose names end in
   _MxNxK for a shape other than 16x16x16.  The macros choose by the
   fragment's type among the functions cudajit_wmma_OP_NAME; on the GPU,
   kernels call the prelude's functions of the same names, CUDA's
   builtins.

   The CPU backend's are these inline functions.  Each lane owns a fixed
   slice of the product: 8 elements of row lane / (N / 8) of the
   accumulator, from column lane % (N / 8) * 8; its A holds that row, its
   B those 8 columns.  So a lane computes its slice alone, and the
   functions need no other lane: the block function runs them thread by
   thread.  Each element of D is C's plus the K products, each exact in
   float, added in float for k = 0 to K - 1 in turn, and rounded once to
   _Float16 for an accumulator of _Float16.  Elements of tf32 are
   floats, rounded as they are loaded to tf32's 10 bits of fraction, as
   the GPU's do.  Of int8 (signed or unsigned char), the sums are exact
   int, modulo 2^32 as the GPU's without saturation.  Included by cudajit.h,
   where C has _Float16 (GCC 12 and later); programs do not include it
   themselves.  */

#ifndef CUDAJIT_WMMA_H
#define CUDAJIT_WMMA_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

#if defined __FLT16_MAX__ && !defined __cplusplus

/* The fragments.  */
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  typedef struct cudajit_wmma_##name cuda_wmma_##name;
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT

#define CUDAJIT_WMMA_STRUCT(name, type, length)                               \
  struct cudajit_wmma_##name                                                  \
  {                                                                           \
    type x[length];                                                           \
  };
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  CUDAJIT_WMMA_STRUCT (name, cpu_type, cpu_length)
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT

enum cudajit_wmma_kind
{
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  CUDAJIT_WMMA_KIND_##kind,
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT
};

/* How many columns of the accumulator a lane owns.  */
#define CUDAJIT_WMMA_LANE_COLUMNS 8

/* How many elements of a fragment of KIND this lane holds: the C
   version of the prelude's, which says the GPU's.  */
static __inline__ int
cudajit_wmma_length (int kind)
{
  static const int lengths[] = {
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  cpu_length,
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT
  };
  return lengths[kind];
}

/* The row and the first column that this lane owns of an accumulator
   of N columns.  */
static __inline__ int
cudajit_wmma_row (int n)
{
  return cuda_laneid () / (n / CUDAJIT_WMMA_LANE_COLUMNS);
}

static __inline__ int
cudajit_wmma_column (int n)
{
  return cuda_laneid () % (n / CUDAJIT_WMMA_LANE_COLUMNS)
         * CUDAJIT_WMMA_LANE_COLUMNS;
}

/* As CUDA, P aligned to 32 bytes and LD a multiple of 16 bytes, which
   the GPU's instructions require: else the kernel ends with the error
   of cudajit-wmma.def, as on a GPU, which FUNCTION names.  */
#define CUDAJIT_WMMA_ALIGNMENT 32
#define CUDAJIT_WMMA_LD_BYTES 16
__attribute__ ((__noreturn__)) void
cudajit_wmma_misaligned (const char *function, const void *p, unsigned int ld,
                         unsigned int multiple);
#define CUDAJIT_WMMA_CHECK(function, p, ld)                                   \
  do                                                                          \
    {                                                                         \
      cudajit_wmma_check_warp (function);                                     \
      if ((__UINTPTR_TYPE__) (p) % CUDAJIT_WMMA_ALIGNMENT != 0                \
          || (ld) * sizeof *(p) % CUDAJIT_WMMA_LD_BYTES != 0)                 \
        cudajit_wmma_misaligned (function, (p), (ld),                         \
                                 CUDAJIT_WMMA_LD_BYTES / sizeof *(p));        \
    }                                                                         \
  while (0)

/* The thread's number in its block.  */
static __inline__ unsigned int
cudajit_wmma_thread_number (void)
{
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* And the warp whole, as the GPU's instructions need it: a block's
   last warp may have fewer threads, which would leave part of the tile
   undone.  A warp some of whose lanes returned or took another branch
   would too: the lanes that store an accumulator are noted
   (cudajit_wmma_lane_stored), and the end of the block reports a warp
   of which only some did.  */
__attribute__ ((__noreturn__)) void
cudajit_wmma_partial_warp (const char *function, unsigned int threads);
void cudajit_wmma_lane_stored (unsigned int thread);
static __inline__ void
cudajit_wmma_check_warp (const char *function)
{
  unsigned int threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned int first
      = cudajit_wmma_thread_number () / CUDAJIT_WARP_SIZE * CUDAJIT_WARP_SIZE;
  if (threads - first < CUDAJIT_WARP_SIZE)
    cudajit_wmma_partial_warp (function, threads - first);
}

/* Element (I, J) of the matrix at P, with LD elements between rows, or
   between columns where COL.  */
#define CUDAJIT_WMMA_AT(p, ld, col, i, j)                                     \
  ((p)[(col) ? (long) (j) * (ld) + (i) : (long) (i) * (ld) + (j)])

/* Of tf32, X rounded to nearest, ties away from zero, to tf32's 10 bits
   of fraction, as CUDA's __float_to_tf32 (PTX's cvt.rna.tf32.f32):
   adding half of the last kept bit to the magnitude's bits carries
   into it from the half up, and past the largest into infinity.
   Infinities and NaNs keep their bits.  */
#define CUDAJIT_WMMA_TF32_DROPPED 0x1fffu
#define CUDAJIT_WMMA_TF32_HALF 0x1000u
#define CUDAJIT_WMMA_FLOAT_EXPONENT 0x7f800000u
static __inline__ float
cudajit_wmma_tf32 (float x)
{
  union
  {
    float f;
    unsigned int u;
  } v;
  v.f = x;
  if ((v.u & CUDAJIT_WMMA_FLOAT_EXPONENT) != CUDAJIT_WMMA_FLOAT_EXPONENT)
    v.u = (v.u + CUDAJIT_WMMA_TF32_HALF) & ~CUDAJIT_WMMA_TF32_DROPPED;
  return v.f;
}

/* An element of INPUT as a fragment holds it.  */
#define CUDAJIT_WMMA_LOADED_f16(x) (x)
#define CUDAJIT_WMMA_LOADED_bf16(x) (x)
#define CUDAJIT_WMMA_LOADED_tf32(x) cudajit_wmma_tf32 (x)
#define CUDAJIT_WMMA_LOADED_s8(x) (x)
#define CUDAJIT_WMMA_LOADED_u8(x) (x)

/* The loads and stores of one type of elements, INPUT, in a shape of N
   columns and K, whose names end in SHAPE.  */
#define CUDAJIT_WMMA_MEMORY(input, type, shape, n, size_k)                    \
  static __inline__ void cudajit_wmma_load_a_##input##shape (                 \
      cuda_wmma_a_##input##shape *f, const type *p, unsigned int ld, int col) \
  {                                                                           \
    int k;                                                                    \
    int row = cudajit_wmma_row (n);                                           \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_a", p, ld);                           \
    for (k = 0; k < (size_k); k++)                                            \
      f->x[k] = CUDAJIT_WMMA_LOADED_##input (                                 \
          CUDAJIT_WMMA_AT (p, ld, col, row, k));                              \
  }                                                                           \
  static __inline__ void cudajit_wmma_load_b_##input##shape (                 \
      cuda_wmma_b_##input##shape *f, const type *p, unsigned int ld, int col) \
  {                                                                           \
    int k, j;                                                                 \
    int column = cudajit_wmma_column (n);                                     \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_b", p, ld);                           \
    for (k = 0; k < (size_k); k++)                                            \
      for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                         \
        f->x[k * CUDAJIT_WMMA_LANE_COLUMNS + j]                               \
            = CUDAJIT_WMMA_LOADED_##input (                                   \
                CUDAJIT_WMMA_AT (p, ld, col, k, column + j));                 \
  }
#define CUDAJIT_WMMA_ACC_MEMORY(acc, type, n)                                 \
  static __inline__ void cudajit_wmma_fill_##acc (cuda_wmma_##acc *f,         \
                                                  type value)                 \
  {                                                                           \
    int j;                                                                    \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      f->x[j] = value;                                                        \
  }                                                                           \
  static __inline__ void cudajit_wmma_load_##acc (                            \
      cuda_wmma_##acc *f, const type *p, unsigned int ld, int col)            \
  {                                                                           \
    int j;                                                                    \
    int row = cudajit_wmma_row (n), column = cudajit_wmma_column (n);         \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_c", p, ld);                           \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      f->x[j] = CUDAJIT_WMMA_AT (p, ld, col, row, column + j);                \
  }                                                                           \
  static __inline__ void cudajit_wmma_store_##acc (                           \
      type *p, const cuda_wmma_##acc *f, unsigned int ld, int col)            \
  {                                                                           \
    int j;                                                                    \
    int row = cudajit_wmma_row (n), column = cudajit_wmma_column (n);         \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_store", p, ld);                            \
    cudajit_wmma_lane_stored (cudajit_wmma_thread_number ());                 \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      CUDAJIT_WMMA_AT (p, ld, col, row, column + j) = f->x[j];                \
  }

/* D = A B + C, for D and C of the same type, which may be one
   fragment: the sums of floats' exact products in float, of int8's in
   unsigned int, which wraps.  Before GCC 13, __bf16 converts by
   cuda_bfloat162float alone (cudajit.h).  The loop over the lane's
   columns is unrolled whole, so that GCC keeps the sums in registers
   at -O2, and vectorizes them: else they stay in memory, and int8's
   product takes 2.5 times as long.  Kept from clang-format, which
   would split the pragma from its loop.  */
#define CUDAJIT_WMMA_SUM_f16 float
#define CUDAJIT_WMMA_SUM_bf16 float
#define CUDAJIT_WMMA_SUM_tf32 float
#define CUDAJIT_WMMA_SUM_s8 unsigned int
#define CUDAJIT_WMMA_SUM_u8 unsigned int
#define CUDAJIT_WMMA_TO_SUM_f16(x) ((float) (x))
#define CUDAJIT_WMMA_TO_SUM_bf16(x) cuda_bfloat162float (x)
#define CUDAJIT_WMMA_TO_SUM_tf32(x) (x)
#define CUDAJIT_WMMA_TO_SUM_s8(x) ((unsigned int) (x))
#define CUDAJIT_WMMA_TO_SUM_u8(x) ((unsigned int) (x))
/* clang-format off */
#define CUDAJIT_WMMA_MMA(input, acc, shape, size_k)                           \
  static __inline__ void cudajit_wmma_mma_##input##_##acc##shape (            \
      cuda_wmma_##acc##shape *d, const cuda_wmma_a_##input##shape *a,         \
      const cuda_wmma_b_##input##shape *b, const cuda_wmma_##acc##shape *c)   \
  {                                                                           \
    int k, j;                                                                 \
    CUDAJIT_WMMA_SUM_##input sum[CUDAJIT_WMMA_LANE_COLUMNS];                  \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      sum[j] = c->x[j];                                                       \
    for (k = 0; k < (size_k); k++)                                            \
      {                                                                       \
        CUDAJIT_WMMA_SUM_##input ak = CUDAJIT_WMMA_TO_SUM_##input (a->x[k]);  \
        _Pragma ("GCC unroll 8")                                              \
        for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                       \
          sum[j] += ak                                                        \
                    * CUDAJIT_WMMA_TO_SUM_##input (                           \
                        b->x[k * CUDAJIT_WMMA_LANE_COLUMNS + j]);             \
      }                                                                       \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      d->x[j] = sum[j];                                                       \
  }
/* clang-format on */

/* The shapes of _Float16 and __bf16, of N columns and K of 16, each
   with its own fragments.  */
#define CUDAJIT_WMMA_HALF_K 16
#define CUDAJIT_WMMA_HALF_SHAPE(shape, n)                                     \
  CUDAJIT_WMMA_MEMORY (f16, _Float16, shape, n, CUDAJIT_WMMA_HALF_K)          \
  CUDAJIT_WMMA_ACC_MEMORY (acc_f32##shape, float, n)                          \
  CUDAJIT_WMMA_ACC_MEMORY (acc_f16##shape, _Float16, n)                       \
  CUDAJIT_WMMA_MMA (f16, acc_f32, shape, CUDAJIT_WMMA_HALF_K)                 \
  CUDAJIT_WMMA_MMA (f16, acc_f16, shape, CUDAJIT_WMMA_HALF_K)                 \
  CUDAJIT_WMMA_MEMORY (bf16, __bf16, shape, n, CUDAJIT_WMMA_HALF_K)           \
  CUDAJIT_WMMA_MMA (bf16, acc_f32, shape, CUDAJIT_WMMA_HALF_K)
CUDAJIT_WMMA_HALF_SHAPE (, 16)
CUDAJIT_WMMA_HALF_SHAPE (_32x8x16, 8)
CUDAJIT_WMMA_HALF_SHAPE (_8x32x16, 32)
#undef CUDAJIT_WMMA_HALF_SHAPE

/* tf32, of 16x16x8 alone.  */
#define CUDAJIT_WMMA_TF32_N 16
#define CUDAJIT_WMMA_TF32_K 8
CUDAJIT_WMMA_MEMORY (tf32, float, _16x16x8, CUDAJIT_WMMA_TF32_N,
                     CUDAJIT_WMMA_TF32_K)
CUDAJIT_WMMA_ACC_MEMORY (acc_f32_16x16x8, float, CUDAJIT_WMMA_TF32_N)
CUDAJIT_WMMA_MMA (tf32, acc_f32, _16x16x8, CUDAJIT_WMMA_TF32_K)

/* int8, of 16x16x16 alone: products and sums in unsigned int, which
   wrap as the GPU's.  */
#define CUDAJIT_WMMA_INT8_N 16
#define CUDAJIT_WMMA_INT8_K 16
CUDAJIT_WMMA_MEMORY (s8, signed char, , CUDAJIT_WMMA_INT8_N,
                     CUDAJIT_WMMA_INT8_K)
CUDAJIT_WMMA_MEMORY (u8, unsigned char, , CUDAJIT_WMMA_INT8_N,
                     CUDAJIT_WMMA_INT8_K)
CUDAJIT_WMMA_ACC_MEMORY (acc_s32, int, CUDAJIT_WMMA_INT8_N)
CUDAJIT_WMMA_MMA (s8, acc_s32, , CUDAJIT_WMMA_INT8_K)
CUDAJIT_WMMA_MMA (u8, acc_s32, , CUDAJIT_WMMA_INT8_K)
#undef CUDAJIT_WMMA_MEMORY
#undef CUDAJIT_WMMA_ACC_MEMORY
#undef CUDAJIT_WMMA_MMA
#undef CUDAJIT_WMMA_SUM_f16
#undef CUDAJIT_WMMA_SUM_bf16
#undef CUDAJIT_WMMA_SUM_tf32
#undef CUDAJIT_WMMA_SUM_s8
#undef CUDAJIT_WMMA_SUM_u8
#undef CUDAJIT_WMMA_TO_SUM_f16
#undef CUDAJIT_WMMA_TO_SUM_bf16
#undef CUDAJIT_WMMA_TO_SUM_tf32
#undef CUDAJIT_WMMA_TO_SUM_s8
#undef CUDAJIT_WMMA_TO_SUM_u8
#undef CUDAJIT_WMMA_LOADED_s8
#undef CUDAJIT_WMMA_LOADED_u8
#undef CUDAJIT_WMMA_LOADED_f16
#undef CUDAJIT_WMMA_LOADED_bf16
#undef CUDAJIT_WMMA_LOADED_tf32

/* The user's macros.  Each names its fragments' types, so that one of
   another kind is an error on the user's line: "'_Generic' selector of
   type ... is not compatible with any association", or for mma a
   negative width of a bit-field that names what differs.  Their lists
   of associations are made shape by shape for _Float16 and __bf16,
   then of tf32 and int8, each of one shape, each association with its
   comma before.  */
#define CUDAJIT_WMMA_INPUT_OF(matrix, op, shape)                              \
  , cuda_wmma_##matrix##_f16##shape : cudajit_wmma_##op##_f16##shape,         \
                                      cuda_wmma_##matrix##_bf16##shape        \
      : cudajit_wmma_##op##_bf16##shape
#define CUDAJIT_WMMA_ONE_SHAPE_INPUTS_OF(matrix, op)                          \
  , cuda_wmma_##matrix##_tf32_16x16x8 : cudajit_wmma_##op##_tf32_16x16x8,     \
                                        cuda_wmma_##matrix##_s8               \
      : cudajit_wmma_##op##_s8,                                               \
        cuda_wmma_##matrix##_u8 : cudajit_wmma_##op##_u8
#define CUDAJIT_WMMA_INPUT(f, matrix, op)                                     \
  _Generic(*(f) CUDAJIT_WMMA_INPUT_OF (matrix, op, )                          \
               CUDAJIT_WMMA_INPUT_OF (matrix, op, _32x8x16)                   \
                   CUDAJIT_WMMA_INPUT_OF (matrix, op, _8x32x16)               \
                       CUDAJIT_WMMA_ONE_SHAPE_INPUTS_OF (matrix, op))
#define cuda_wmma_load_a(f, p, ld)                                            \
  CUDAJIT_WMMA_INPUT (f, a, load_a) ((f), (p), (ld), 0)
#define cuda_wmma_load_a_col(f, p, ld)                                        \
  CUDAJIT_WMMA_INPUT (f, a, load_a) ((f), (p), (ld), 1)
#define cuda_wmma_load_b(f, p, ld)                                            \
  CUDAJIT_WMMA_INPUT (f, b, load_b) ((f), (p), (ld), 0)
#define cuda_wmma_load_b_col(f, p, ld)                                        \
  CUDAJIT_WMMA_INPUT (f, b, load_b) ((f), (p), (ld), 1)
#define CUDAJIT_WMMA_ACC_OF(op, shape)                                        \
  , cuda_wmma_acc_f32##shape : cudajit_wmma_##op##_acc_f32##shape,            \
                               cuda_wmma_acc_f16##shape                       \
      : cudajit_wmma_##op##_acc_f16##shape
#define CUDAJIT_WMMA_ONE_SHAPE_ACCS_OF(op)                                    \
  , cuda_wmma_acc_f32_16x16x8 : cudajit_wmma_##op##_acc_f32_16x16x8,          \
                                cuda_wmma_acc_s32                             \
      : cudajit_wmma_##op##_acc_s32
#define CUDAJIT_WMMA_ACC(c, op)                                               \
  _Generic(*(c) CUDAJIT_WMMA_ACC_OF (op, ) CUDAJIT_WMMA_ACC_OF (op, _32x8x16) \
               CUDAJIT_WMMA_ACC_OF (op, _8x32x16)                             \
                   CUDAJIT_WMMA_ONE_SHAPE_ACCS_OF (op))
#define cuda_wmma_fill(c, value) CUDAJIT_WMMA_ACC (c, fill) ((c), (value))
#define cuda_wmma_load_c(c, p, ld)                                            \
  CUDAJIT_WMMA_ACC (c, load) ((c), (p), (ld), 0)
#define cuda_wmma_load_c_col(c, p, ld)                                        \
  CUDAJIT_WMMA_ACC (c, load) ((c), (p), (ld), 1)
#define cuda_wmma_store(p, c, ld)                                             \
  CUDAJIT_WMMA_ACC (c, store) ((p), (c), (ld), 0)
#define cuda_wmma_store_col(p, c, ld)                                         \
  CUDAJIT_WMMA_ACC (c, store) ((p), (c), (ld), 1)

/* A fragment's type of elements and shape, as a number that mma
   compares: TYPE * CUDAJIT_WMMA_SHAPES + SHAPE.  A and B must agree in
   both, C and D too, and all four in shape.  */
#define CUDAJIT_WMMA_TYPE_f16 1
#define CUDAJIT_WMMA_TYPE_bf16 2
#define CUDAJIT_WMMA_TYPE_tf32 3
#define CUDAJIT_WMMA_TYPE_s8 4
#define CUDAJIT_WMMA_TYPE_u8 5
#define CUDAJIT_WMMA_TYPE_acc_f32 1
#define CUDAJIT_WMMA_TYPE_acc_f16 2
#define CUDAJIT_WMMA_TYPE_acc_s32 3
#define CUDAJIT_WMMA_SHAPE 0
#define CUDAJIT_WMMA_SHAPE_32x8x16 1
#define CUDAJIT_WMMA_SHAPE_8x32x16 2
#define CUDAJIT_WMMA_SHAPE_16x16x8 3
#define CUDAJIT_WMMA_SHAPES 4
#define CUDAJIT_WMMA_CODE(type, shape)                                        \
  (CUDAJIT_WMMA_TYPE_##type * CUDAJIT_WMMA_SHAPES + CUDAJIT_WMMA_SHAPE##shape)
#define CUDAJIT_WMMA_CODE_OF(matrix, shape)                                   \
  , cuda_wmma_##matrix##_f16##shape : CUDAJIT_WMMA_CODE (f16, shape),         \
                                      cuda_wmma_##matrix##_bf16##shape        \
      : CUDAJIT_WMMA_CODE (bf16, shape)
#define CUDAJIT_WMMA_ONE_SHAPE_CODES_OF(matrix)                               \
  , cuda_wmma_##matrix##_tf32_16x16x8 : CUDAJIT_WMMA_CODE (tf32, _16x16x8),   \
                                        cuda_wmma_##matrix##_s8               \
      : CUDAJIT_WMMA_CODE (s8, ),                                             \
        cuda_wmma_##matrix##_u8 : CUDAJIT_WMMA_CODE (u8, )
#define CUDAJIT_WMMA_INPUT_CODE(f, matrix)                                    \
  _Generic(*(f) CUDAJIT_WMMA_CODE_OF (matrix, )                               \
               CUDAJIT_WMMA_CODE_OF (matrix, _32x8x16)                        \
                   CUDAJIT_WMMA_CODE_OF (matrix, _8x32x16)                    \
                       CUDAJIT_WMMA_ONE_SHAPE_CODES_OF (matrix))
#define CUDAJIT_WMMA_A_CODE(f) CUDAJIT_WMMA_INPUT_CODE (f, a)
#define CUDAJIT_WMMA_B_CODE(f) CUDAJIT_WMMA_INPUT_CODE (f, b)
#define CUDAJIT_WMMA_ACC_CODE_OF(shape)                                       \
  , cuda_wmma_acc_f32##shape : CUDAJIT_WMMA_CODE (acc_f32, shape),            \
                               cuda_wmma_acc_f16##shape                       \
      : CUDAJIT_WMMA_CODE (acc_f16, shape)
#define CUDAJIT_WMMA_ACC_CODE(c)                                              \
  _Generic(*(c) CUDAJIT_WMMA_ACC_CODE_OF () CUDAJIT_WMMA_ACC_CODE_OF (        \
               _32x8x16) CUDAJIT_WMMA_ACC_CODE_OF (_8x32x16),                 \
           cuda_wmma_acc_f32_16x16x8                                          \
           : CUDAJIT_WMMA_CODE (acc_f32, _16x16x8), cuda_wmma_acc_s32         \
           : CUDAJIT_WMMA_CODE (acc_s32, ))
#define CUDAJIT_WMMA_TYPE_OF(code) ((code) / CUDAJIT_WMMA_SHAPES)
#define CUDAJIT_WMMA_SHAPE_OF(code) ((code) % CUDAJIT_WMMA_SHAPES)
#define CUDAJIT_WMMA_INT8_P(code)                                             \
  (CUDAJIT_WMMA_TYPE_OF (code) == CUDAJIT_WMMA_TYPE_s8                        \
   || CUDAJIT_WMMA_TYPE_OF (code) == CUDAJIT_WMMA_TYPE_u8)
#define CUDAJIT_WMMA_REQUIRE(what, ok) int what : (ok) ? 1 : -1
/* The function of mma for A of a shape, by D's type: an accumulator of
   _Float16, else of float, which the checks require where it differs.  */
#define CUDAJIT_WMMA_MMA_OF(d, shape)                                         \
  ,                                                                           \
      cuda_wmma_a_f16##shape                                                  \
      : _Generic(*(d), cuda_wmma_acc_f16##shape                               \
                 : cudajit_wmma_mma_f16_acc_f16##shape, default               \
                 : cudajit_wmma_mma_f16_acc_f32##shape),                      \
        cuda_wmma_a_bf16##shape : cudajit_wmma_mma_bf16_acc_f32##shape
#define CUDAJIT_WMMA_ONE_SHAPE_MMAS                                           \
  , cuda_wmma_a_tf32_16x16x8 : cudajit_wmma_mma_tf32_acc_f32_16x16x8,         \
                               cuda_wmma_a_s8 : cudajit_wmma_mma_s8_acc_s32,  \
                                                cuda_wmma_a_u8                \
      : cudajit_wmma_mma_u8_acc_s32
#define cuda_wmma_mma(d, a, b, c)                                             \
  ((void) sizeof (struct {                                                    \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_a_and_b_of_different_types,                         \
         CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_A_CODE (a))                       \
             == CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_B_CODE (b)));              \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_c_and_d_of_different_types,                         \
         CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_ACC_CODE (c))                     \
             == CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_ACC_CODE (d)));            \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_fragments_of_different_shapes,                      \
         CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_A_CODE (a))                      \
                 == CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_B_CODE (b))           \
             && CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_A_CODE (a))               \
                    == CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_ACC_CODE (c))      \
             && CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_ACC_CODE (c))             \
                    == CUDAJIT_WMMA_SHAPE_OF (CUDAJIT_WMMA_ACC_CODE (d)));    \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_bf16_needs_an_accumulator_of_float,                 \
         CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_A_CODE (a))                       \
                 != CUDAJIT_WMMA_TYPE_bf16                                    \
             || CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_ACC_CODE (d))              \
                    == CUDAJIT_WMMA_TYPE_acc_f32);                            \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_int8_needs_an_accumulator_of_int,                   \
         !CUDAJIT_WMMA_INT8_P (CUDAJIT_WMMA_A_CODE (a))                       \
             || CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_ACC_CODE (d))              \
                    == CUDAJIT_WMMA_TYPE_acc_s32);                            \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_an_accumulator_of_int_needs_int8,                   \
         CUDAJIT_WMMA_INT8_P (CUDAJIT_WMMA_A_CODE (a))                        \
             || CUDAJIT_WMMA_TYPE_OF (CUDAJIT_WMMA_ACC_CODE (d))              \
                    != CUDAJIT_WMMA_TYPE_acc_s32);                            \
   }),                                                                        \
   _Generic(*(a) CUDAJIT_WMMA_MMA_OF (d, ) CUDAJIT_WMMA_MMA_OF (d, _32x8x16)  \
                CUDAJIT_WMMA_MMA_OF (d, _8x32x16)                             \
                    CUDAJIT_WMMA_ONE_SHAPE_MMAS) ((d), (a), (b), (c)))

/* How many elements of fragment F this lane holds, F.x[0] to
   F.x[cuda_wmma_length (F) - 1]: on the GPU, as CUDA's num_elements,
   in an order that CUDA leaves unspecified; on the CPU backend those
   that the comment at the top says.  An epilogue that treats each
   alike, such as a scaling, works on both.  */
#define CUDAJIT_WMMA_KIND_OF(shape, SHAPE)                                    \
  , cuda_wmma_a_f16##shape : CUDAJIT_WMMA_KIND_A_F16##SHAPE,                  \
                             cuda_wmma_b_f16##shape                           \
      : CUDAJIT_WMMA_KIND_B_F16##SHAPE,                                       \
        cuda_wmma_a_bf16##shape : CUDAJIT_WMMA_KIND_A_BF16##SHAPE,            \
                                  cuda_wmma_b_bf16##shape                     \
      : CUDAJIT_WMMA_KIND_B_BF16##SHAPE,                                      \
        cuda_wmma_acc_f32##shape : CUDAJIT_WMMA_KIND_ACC_F32##SHAPE,          \
                                   cuda_wmma_acc_f16##shape                   \
      : CUDAJIT_WMMA_KIND_ACC_F16##SHAPE
#define CUDAJIT_WMMA_ONE_SHAPE_KINDS                                          \
  , cuda_wmma_a_tf32_16x16x8 : CUDAJIT_WMMA_KIND_A_TF32_16X16X8,              \
                               cuda_wmma_b_tf32_16x16x8                       \
      : CUDAJIT_WMMA_KIND_B_TF32_16X16X8,                                     \
        cuda_wmma_acc_f32_16x16x8 : CUDAJIT_WMMA_KIND_ACC_F32_16X16X8,        \
                                    cuda_wmma_a_s8 : CUDAJIT_WMMA_KIND_A_S8,  \
                                                     cuda_wmma_b_s8           \
      : CUDAJIT_WMMA_KIND_B_S8,                                               \
        cuda_wmma_a_u8 : CUDAJIT_WMMA_KIND_A_U8,                              \
                         cuda_wmma_b_u8 : CUDAJIT_WMMA_KIND_B_U8,             \
                                          cuda_wmma_acc_s32                   \
      : CUDAJIT_WMMA_KIND_ACC_S32
#define cuda_wmma_length(f)                                                   \
  cudajit_wmma_length ((int) _Generic(                                        \
      (f) CUDAJIT_WMMA_KIND_OF (, ) CUDAJIT_WMMA_KIND_OF (_32x8x16, _32X8X16) \
          CUDAJIT_WMMA_KIND_OF (_8x32x16, _8X32X16)                           \
              CUDAJIT_WMMA_ONE_SHAPE_KINDS))

#endif /* _Float16 in C */

#endif /* cudajit-wmma.h */
