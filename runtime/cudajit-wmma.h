/* SPDX-License-Identifier: MIT */
/* The warp-matrix operations of cudajit.h, CUDA's nvcuda::wmma on the
   tensor cores, of shape 16x16x16: D = A B + C, A 16x16, B 16x16, C and
   D 16x16, each held by the whole warp in fragments, cuda_wmma_NAME
   (cudajit-wmma.def).  The macros choose by the fragment's type among
   the functions cudajit_wmma_OP_NAME; on the GPU, kernels call the
   prelude's functions of the same names, CUDA's builtins.

   The CPU backend's are these inline functions.  Each lane owns a fixed
   slice of the product: 8 elements of row lane / 2 of the accumulator,
   from column lane % 2 * 8; its A holds that row, its B those 8
   columns.  So a lane computes its slice alone, and the functions need
   no other lane: the block function runs them thread by thread.  Each
   element of D is C's plus the 16 products, each exact in float, added
   in float for k = 0 to 15 in turn, and rounded once to _Float16 for an
   accumulator of _Float16.  Included by cudajit.h, where C has
   _Float16 (GCC 12 and later); programs do not include it
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
#define CUDAJIT_WMMA_DEFINE_float CUDAJIT_WMMA_STRUCT
#define CUDAJIT_WMMA_DEFINE__Float16 CUDAJIT_WMMA_STRUCT
#define CUDAJIT_WMMA_DEFINE___bf16 CUDAJIT_WMMA_STRUCT
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  CUDAJIT_WMMA_DEFINE_##cpu_type (name, cpu_type, cpu_length)
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

/* The shape, and how many columns of the accumulator a lane owns.  */
#define CUDAJIT_WMMA_SIZE 16
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

/* The row and the first column of the accumulator that this lane owns.  */
static __inline__ int
cudajit_wmma_row (void)
{
  return cuda_laneid () / 2;
}

static __inline__ int
cudajit_wmma_column (void)
{
  return cuda_laneid () % 2 * CUDAJIT_WMMA_LANE_COLUMNS;
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

/* And the warp whole, as the GPU's instructions need it: a block's
   last warp may have fewer threads, which would leave part of the tile
   undone.  */
__attribute__ ((__noreturn__)) void
cudajit_wmma_partial_warp (const char *function, unsigned int threads);
static __inline__ void
cudajit_wmma_check_warp (const char *function)
{
  unsigned int threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned int first
      = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
        / CUDAJIT_WARP_SIZE * CUDAJIT_WARP_SIZE;
  if (threads - first < CUDAJIT_WARP_SIZE)
    cudajit_wmma_partial_warp (function, threads - first);
}

/* Element (I, J) of the matrix at P, with LD elements between rows, or
   between columns where COL.  */
#define CUDAJIT_WMMA_AT(p, ld, col, i, j)                                     \
  ((p)[(col) ? (long) (j) * (ld) + (i) : (long) (i) * (ld) + (j)])

/* The loads and stores of one type of elements.  */
#define CUDAJIT_WMMA_MEMORY(input, type)                                      \
  static __inline__ void cudajit_wmma_load_a_##input (                        \
      cuda_wmma_a_##input *f, const type *p, unsigned int ld, int col)        \
  {                                                                           \
    int k;                                                                    \
    int row = cudajit_wmma_row ();                                            \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_a", p, ld);                           \
    for (k = 0; k < CUDAJIT_WMMA_SIZE; k++)                                   \
      f->x[k] = CUDAJIT_WMMA_AT (p, ld, col, row, k);                         \
  }                                                                           \
  static __inline__ void cudajit_wmma_load_b_##input (                        \
      cuda_wmma_b_##input *f, const type *p, unsigned int ld, int col)        \
  {                                                                           \
    int k, j;                                                                 \
    int column = cudajit_wmma_column ();                                      \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_b", p, ld);                           \
    for (k = 0; k < CUDAJIT_WMMA_SIZE; k++)                                   \
      for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                         \
        f->x[k * CUDAJIT_WMMA_LANE_COLUMNS + j]                               \
            = CUDAJIT_WMMA_AT (p, ld, col, k, column + j);                    \
  }
#define CUDAJIT_WMMA_ACC_MEMORY(acc, type)                                    \
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
    int row = cudajit_wmma_row (), column = cudajit_wmma_column ();           \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_load_c", p, ld);                           \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      f->x[j] = CUDAJIT_WMMA_AT (p, ld, col, row, column + j);                \
  }                                                                           \
  static __inline__ void cudajit_wmma_store_##acc (                           \
      type *p, const cuda_wmma_##acc *f, unsigned int ld, int col)            \
  {                                                                           \
    int j;                                                                    \
    int row = cudajit_wmma_row (), column = cudajit_wmma_column ();           \
    CUDAJIT_WMMA_CHECK ("cuda_wmma_store", p, ld);                            \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      CUDAJIT_WMMA_AT (p, ld, col, row, column + j) = f->x[j];                \
  }

/* D = A B + C, for D and C of the same type, which may be one
   fragment.  Before GCC 13, __bf16 converts by cuda_bfloat162float
   alone (cudajit.h).  */
#define CUDAJIT_WMMA_TO_FLOAT_f16(x) ((float) (x))
#define CUDAJIT_WMMA_TO_FLOAT_bf16(x) cuda_bfloat162float (x)
#define CUDAJIT_WMMA_MMA(input, acc)                                          \
  static __inline__ void cudajit_wmma_mma_##input##_##acc (                   \
      cuda_wmma_##acc *d, const cuda_wmma_a_##input *a,                       \
      const cuda_wmma_b_##input *b, const cuda_wmma_##acc *c)                 \
  {                                                                           \
    int k, j;                                                                 \
    float sum[CUDAJIT_WMMA_LANE_COLUMNS];                                     \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      sum[j] = c->x[j];                                                       \
    for (k = 0; k < CUDAJIT_WMMA_SIZE; k++)                                   \
      {                                                                       \
        float ak = CUDAJIT_WMMA_TO_FLOAT_##input (a->x[k]);                   \
        for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                       \
          sum[j] += ak                                                        \
                    * CUDAJIT_WMMA_TO_FLOAT_##input (                         \
                        b->x[k * CUDAJIT_WMMA_LANE_COLUMNS + j]);             \
      }                                                                       \
    for (j = 0; j < CUDAJIT_WMMA_LANE_COLUMNS; j++)                           \
      d->x[j] = sum[j];                                                       \
  }

CUDAJIT_WMMA_MEMORY (f16, _Float16)
CUDAJIT_WMMA_ACC_MEMORY (acc_f32, float)
CUDAJIT_WMMA_ACC_MEMORY (acc_f16, _Float16)
CUDAJIT_WMMA_MMA (f16, acc_f32)
CUDAJIT_WMMA_MMA (f16, acc_f16)
CUDAJIT_WMMA_MEMORY (bf16, __bf16)
CUDAJIT_WMMA_MMA (bf16, acc_f32)
#undef CUDAJIT_WMMA_MEMORY
#undef CUDAJIT_WMMA_ACC_MEMORY
#undef CUDAJIT_WMMA_MMA
#undef CUDAJIT_WMMA_TO_FLOAT_f16
#undef CUDAJIT_WMMA_TO_FLOAT_bf16

/* The user's macros.  Each names its fragments' types, so that one of
   another kind is an error on the user's line: "'_Generic' selector of
   type ... is not compatible with any association", or for mma a
   negative width of a bit-field that names what differs.  */
#define CUDAJIT_WMMA_INPUT(f, matrix, op)                                     \
  _Generic(*(f), cuda_wmma_##matrix##_f16                                     \
           : cudajit_wmma_##op##_f16, cuda_wmma_##matrix##_bf16               \
           : cudajit_wmma_##op##_bf16)
#define cuda_wmma_load_a(f, p, ld)                                            \
  CUDAJIT_WMMA_INPUT (f, a, load_a) ((f), (p), (ld), 0)
#define cuda_wmma_load_a_col(f, p, ld)                                        \
  CUDAJIT_WMMA_INPUT (f, a, load_a) ((f), (p), (ld), 1)
#define cuda_wmma_load_b(f, p, ld)                                            \
  CUDAJIT_WMMA_INPUT (f, b, load_b) ((f), (p), (ld), 0)
#define cuda_wmma_load_b_col(f, p, ld)                                        \
  CUDAJIT_WMMA_INPUT (f, b, load_b) ((f), (p), (ld), 1)
#define CUDAJIT_WMMA_ACC(c, op)                                               \
  _Generic(*(c), cuda_wmma_acc_f32                                            \
           : cudajit_wmma_##op##_acc_f32, cuda_wmma_acc_f16                   \
           : cudajit_wmma_##op##_acc_f16)
#define cuda_wmma_fill(c, value) CUDAJIT_WMMA_ACC (c, fill) ((c), (value))
#define cuda_wmma_load_c(c, p, ld)                                            \
  CUDAJIT_WMMA_ACC (c, load) ((c), (p), (ld), 0)
#define cuda_wmma_load_c_col(c, p, ld)                                        \
  CUDAJIT_WMMA_ACC (c, load) ((c), (p), (ld), 1)
#define cuda_wmma_store(p, c, ld)                                             \
  CUDAJIT_WMMA_ACC (c, store) ((p), (c), (ld), 0)
#define cuda_wmma_store_col(p, c, ld)                                         \
  CUDAJIT_WMMA_ACC (c, store) ((p), (c), (ld), 1)

/* The type of the elements of A or B, and that of C or D, as numbers
   that mma compares: A and B must agree, and so must C and D.  */
#define CUDAJIT_WMMA_A_TYPE(a)                                                \
  _Generic(*(a), cuda_wmma_a_f16 : 1, cuda_wmma_a_bf16 : 2)
#define CUDAJIT_WMMA_B_TYPE(b)                                                \
  _Generic(*(b), cuda_wmma_b_f16 : 1, cuda_wmma_b_bf16 : 2)
#define CUDAJIT_WMMA_ACC_TYPE(c)                                              \
  _Generic(*(c), cuda_wmma_acc_f32 : 1, cuda_wmma_acc_f16 : 2)
#define CUDAJIT_WMMA_REQUIRE(what, ok) int what : (ok) ? 1 : -1
#define cuda_wmma_mma(d, a, b, c)                                             \
  ((void) sizeof (struct {                                                    \
     CUDAJIT_WMMA_REQUIRE (cuda_wmma_mma_of_a_and_b_of_different_types,       \
                           CUDAJIT_WMMA_A_TYPE (a)                            \
                               == CUDAJIT_WMMA_B_TYPE (b));                   \
     CUDAJIT_WMMA_REQUIRE (cuda_wmma_mma_of_c_and_d_of_different_types,       \
                           CUDAJIT_WMMA_ACC_TYPE (c)                          \
                               == CUDAJIT_WMMA_ACC_TYPE (d));                 \
     CUDAJIT_WMMA_REQUIRE (                                                   \
         cuda_wmma_mma_of_bf16_needs_an_accumulator_of_float,                 \
         CUDAJIT_WMMA_A_TYPE (a) == 1 || CUDAJIT_WMMA_ACC_TYPE (d) == 1);     \
   }),                                                                        \
   _Generic(*(a), cuda_wmma_a_f16                                             \
            : CUDAJIT_WMMA_ACC (d, mma_f16), cuda_wmma_a_bf16                 \
            : cudajit_wmma_mma_bf16_acc_f32) ((d), (a), (b), (c)))

/* How many elements of fragment F this lane holds, F.x[0] to
   F.x[cuda_wmma_length (F) - 1]: on the GPU, as CUDA's num_elements,
   in an order that CUDA leaves unspecified; on the CPU backend those
   that the comment at the top says.  An epilogue that treats each
   alike, such as a scaling, works on both.  */
#define cuda_wmma_length(f)                                                   \
  cudajit_wmma_length (                                                       \
      (int) _Generic((f), cuda_wmma_a_f16                                     \
                     : CUDAJIT_WMMA_KIND_A_F16, cuda_wmma_b_f16               \
                     : CUDAJIT_WMMA_KIND_B_F16, cuda_wmma_acc_f32             \
                     : CUDAJIT_WMMA_KIND_ACC_F32, cuda_wmma_acc_f16           \
                     : CUDAJIT_WMMA_KIND_ACC_F16, cuda_wmma_a_bf16            \
                     : CUDAJIT_WMMA_KIND_A_BF16, cuda_wmma_b_bf16             \
                     : CUDAJIT_WMMA_KIND_B_BF16))

#endif /* _Float16 in C */

#endif /* cudajit-wmma.h */
