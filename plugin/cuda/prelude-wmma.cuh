/* SPDX-License-Identifier: MIT */
/* The CUDA C prelude's warp-matrix operations (cudajit-wmma.h), in a
   part as prelude.cuh's, after prelude-functions.cuh's.  */


/* @part wmma cudajit_wmma */
/* cudajit.h's warp-matrix operations (cudajit-wmma.h), CUDA's
   nvcuda::wmma of shapes 16x16x16, 32x8x16, 8x32x16 and 16x16x8 (tf32),
   and of int8, with the builtins that mma.h wraps,
   which NVRTC has without the toolkit's headers.  A fragment holds a
   lane's registers, as CUDA's does, and how A or B was loaded, which
   mma must be told: a constant once the load is inlined, so that the
   switch folds away.  From sm_70, sm_72 for int8, and sm_80 for __bf16
   and tf32; before, as with
   CUDA, a kernel that calls them does not compile.  */
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, \
                                  gpu_type, gpu_length) \
  struct __align__ (8) cudajit_wmma_##name \
  { gpu_type x[gpu_length]; int col; };
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT
__device__ __forceinline__ int cudajit_wmma_length (int kind)
{ const int lengths[] = {
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, \
                                  gpu_type, gpu_length) gpu_length,
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT
  };
  return lengths[kind]; }
/* The loads and stores of the accumulator check, as the CPU backend
   does, that the warp is whole and that the instructions take the
   pointer and leading dimension: a partial warp computes garbage, and
   a misaligned tile faults (CUDA_ERROR_MISALIGNED_ADDRESS) or, 16 bytes
   from 32, loads.  Those of A and B, in a GEMM's innermost loop, check
   only the leading dimension, a constant there, so that the check is
   none: a row in global memory off 16 bytes loads without a fault.  The
   warp and the pointer they leave to the accumulator's store and to the
   faults: a check there, even a predicated trap without a branch, cost
   bench/gemm 15 to 60 percent of its speed on an H200.  */
#define DEF_CUDAJIT_WMMA_MISALIGNED(format) \
static __device__ __noinline__ void cudajit_wmma_misaligned \
(const char *function, const void *p, unsigned int ld, unsigned int multiple) \
{ printf (format "\n", function, threadIdx.x, threadIdx.y, threadIdx.z, \
          blockIdx.x, blockIdx.y, blockIdx.z, p, ld, multiple); \
  __trap (); }
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_MISALIGNED
#define DEF_CUDAJIT_WMMA_PARTIAL_WARP(format) \
static __device__ __noinline__ void cudajit_wmma_partial_warp \
(const char *function, unsigned int threads) \
{ printf (format "\n", function, threadIdx.x, threadIdx.y, threadIdx.z, \
          blockIdx.x, blockIdx.y, blockIdx.z, threads); \
  __trap (); }
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_PARTIAL_WARP
#define CUDAJIT_WMMA_LD_CHECK(function, p, ld) \
  if ((ld) * sizeof *(p) % 16 != 0) \
    cudajit_wmma_misaligned (function, (p), (ld), 16 / sizeof *(p));
#define CUDAJIT_WMMA_CHECK(function, p, ld) \
  { unsigned int mask = __activemask (); \
    if (mask != 0xffffffffu) \
      cudajit_wmma_partial_warp (function, __popc (mask)); } \
  if ((unsigned long long) (p) % 32 != 0) \
    cudajit_wmma_misaligned (function, (p), (ld), 16 / sizeof *(p)); \
  CUDAJIT_WMMA_LD_CHECK (function, p, ld)
/* A builtin whose last arguments but one say the layout, a constant.  */
#define CUDAJIT_WMMA_LAYOUT(col, call, ...) \
  { if (col) call (__VA_ARGS__, 1); else call (__VA_ARGS__, 0); }
/* The elements' type T is TYPE, or before GCC 13 for __bf16 the
   structure of its bits that cudajit.h makes __bf16 (the C side has
   checked it).  ROUND (F) then rounds the elements loaded, of tf32 as
   CUDA leaves to the program; CUDAJIT_WMMA_EXACT keeps them.  */
#define CUDAJIT_WMMA_INPUT(input, type, ld_a, ld_b, round) \
  template <typename T> __device__ __forceinline__ void \
  cudajit_wmma_load_a_##input \
  (cudajit_wmma_a_##input *f, const T *p, unsigned int ld, int col) \
  { static_assert (sizeof (T) == sizeof (type), "elements of " #input); \
    CUDAJIT_WMMA_LD_CHECK ("cuda_wmma_load_a", p, ld) \
    CUDAJIT_WMMA_LAYOUT (col, ld_a, (int *) f->x, (const int *) p, ld) \
    round (f) \
    f->col = col; } \
  template <typename T> __device__ __forceinline__ void \
  cudajit_wmma_load_b_##input \
  (cudajit_wmma_b_##input *f, const T *p, unsigned int ld, int col) \
  { static_assert (sizeof (T) == sizeof (type), "elements of " #input); \
    CUDAJIT_WMMA_LD_CHECK ("cuda_wmma_load_b", p, ld) \
    CUDAJIT_WMMA_LAYOUT (col, ld_b, (int *) f->x, (const int *) p, ld) \
    round (f) \
    f->col = col; }
#define CUDAJIT_WMMA_EXACT(f)
#define CUDAJIT_WMMA_ACC(acc, type, word, ld_c, st_c) \
  __device__ __forceinline__ void cudajit_wmma_fill_##acc \
  (cudajit_wmma_##acc *f, type value) \
  { for (int i = 0; i < (int) (sizeof f->x / sizeof f->x[0]); i++) \
      f->x[i] = value; } \
  __device__ __forceinline__ void cudajit_wmma_load_##acc \
  (cudajit_wmma_##acc *f, const type *p, unsigned int ld, int col) \
  { CUDAJIT_WMMA_CHECK ("cuda_wmma_load_c", p, ld) \
    CUDAJIT_WMMA_LAYOUT (col, ld_c, (word *) f->x, (const word *) p, ld) } \
  __device__ __forceinline__ void cudajit_wmma_store_##acc \
  (type *p, const cudajit_wmma_##acc *f, unsigned int ld, int col) \
  { CUDAJIT_WMMA_CHECK ("cuda_wmma_store", p, ld) \
    CUDAJIT_WMMA_LAYOUT (col, st_c, (word *) p, (word *) f->x, ld) }
/* PTX's layouts of mma: A's column-major bit, then B's.  SHAPE ends the
   names of a shape other than 16x16x16.  */
#define CUDAJIT_WMMA_MMA(input, acc, shape, word, mma) \
  __device__ __forceinline__ void cudajit_wmma_mma_##input##_##acc##shape \
  (cudajit_wmma_##acc##shape *d, const cudajit_wmma_a_##input##shape *a, \
   const cudajit_wmma_b_##input##shape *b, \
   const cudajit_wmma_##acc##shape *c) \
  { word *dx = (word *) d->x; const int *ax = (const int *) a->x; \
    const int *bx = (const int *) b->x; const word *cx = (const word *) c->x; \
    switch (a->col * 2 + b->col) \
      { case 0: mma (dx, ax, bx, cx, 0, 0); break; \
        case 1: mma (dx, ax, bx, cx, 1, 0); break; \
        case 2: mma (dx, ax, bx, cx, 2, 0); break; \
        default: mma (dx, ax, bx, cx, 3, 0); } }
/* Where the GPU has no such instructions, a call is NVRTC's error that
   says which GPU it needs, rather than an unknown name.  */
#define CUDAJIT_WMMA_NEEDS(name, capability) \
  template <typename... T> __device__ void name (T...) \
  { static_assert (sizeof... (T) == 0, "'" #name "' needs a GPU of " \
                   "compute capability " capability " or later"); }
/* Each shape of _Float16 and __bf16, of its builtins HMMA and MMA.  */
#define CUDAJIT_WMMA_F16(shape, hmma) \
  CUDAJIT_WMMA_INPUT (f16##shape, cudajit_half, hmma##_ld_a, hmma##_ld_b, \
                      CUDAJIT_WMMA_EXACT) \
  CUDAJIT_WMMA_ACC (acc_f32##shape, float, float, hmma##_ld_c_f32, \
                    hmma##_st_c_f32) \
  CUDAJIT_WMMA_ACC (acc_f16##shape, cudajit_half, int, hmma##_ld_c_f16, \
                    hmma##_st_c_f16) \
  CUDAJIT_WMMA_MMA (f16, acc_f32, shape, float, hmma##_mma_f32f32) \
  CUDAJIT_WMMA_MMA (f16, acc_f16, shape, int, hmma##_mma_f16f16)
#define CUDAJIT_WMMA_F16_NEEDS(shape) \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_a_f16##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_b_f16##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_fill_acc_f32##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_acc_f32##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_store_acc_f32##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_fill_acc_f16##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_acc_f16##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_store_acc_f16##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_f16_acc_f32##shape, "7.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_f16_acc_f16##shape, "7.0")
#define CUDAJIT_WMMA_BF16(shape, mma) \
  CUDAJIT_WMMA_INPUT (bf16##shape, cudajit_bf16, mma##_ld_a, mma##_ld_b, \
                      CUDAJIT_WMMA_EXACT) \
  CUDAJIT_WMMA_MMA (bf16, acc_f32, shape, float, mma##_mma_f32)
#define CUDAJIT_WMMA_BF16_NEEDS(shape) \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_a_bf16##shape, "8.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_b_bf16##shape, "8.0") \
  CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_bf16_acc_f32##shape, "8.0")
#if __CUDA_ARCH__ >= 700
CUDAJIT_WMMA_F16 (, __hmma_m16n16k16)
CUDAJIT_WMMA_F16 (_32x8x16, __hmma_m32n8k16)
CUDAJIT_WMMA_F16 (_8x32x16, __hmma_m8n32k16)
#else
CUDAJIT_WMMA_F16_NEEDS ()
CUDAJIT_WMMA_F16_NEEDS (_32x8x16)
CUDAJIT_WMMA_F16_NEEDS (_8x32x16)
#endif
#if __CUDA_ARCH__ >= 720
CUDAJIT_WMMA_INPUT (s8, signed char, __imma_m16n16k16_ld_a_s8,
                    __imma_m16n16k16_ld_b_s8, CUDAJIT_WMMA_EXACT)
CUDAJIT_WMMA_INPUT (u8, unsigned char, __imma_m16n16k16_ld_a_u8,
                    __imma_m16n16k16_ld_b_u8, CUDAJIT_WMMA_EXACT)
CUDAJIT_WMMA_ACC (acc_s32, int, int, __imma_m16n16k16_ld_c,
                  __imma_m16n16k16_st_c_i32)
CUDAJIT_WMMA_MMA (s8, acc_s32, , int, __imma_m16n16k16_mma_s8)
CUDAJIT_WMMA_MMA (u8, acc_s32, , int, __imma_m16n16k16_mma_u8)
#else
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_a_s8, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_b_s8, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_a_u8, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_b_u8, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_fill_acc_s32, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_acc_s32, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_store_acc_s32, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_s8_acc_s32, "7.2")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_u8_acc_s32, "7.2")
#endif
#if __CUDA_ARCH__ >= 800
/* bf16's tiles of 16x16 in shared memory come by ldmatrix, as CUDA's
   loads of f16 do but not its loads of bf16: bench/gemm's kernel ran at
   187 TFLOP/s of bf16 against 295 of f16 on an H200, and at 304 so.
   ldmatrix gives each lane its registers of mma.m16n8k16's operand, the
   fragment's from sm_80, of four 8x8 matrices whose rows lanes 8q to
   8q + 7 address: those of the tile's rows of A row-major and of B
   column-major, and of its columns, to be transposed, of the others.  */
__device__ __forceinline__ void
cudajit_wmma_ldmatrix (int *dst, const int *src, unsigned int ld,
                       int col, int transpose)
{ unsigned int lane;
  asm ("mov.u32 %0, %%laneid;" : "=r" (lane));
  unsigned int offset = col ? (lane / 16 * 8 + lane % 8) * ld + lane / 8 % 2 * 8
                            : lane % 16 * ld + lane / 16 * 8;
  unsigned int address = (unsigned int) __cvta_generic_to_shared (
      (const unsigned short *) src + offset);
  if (transpose)
    asm volatile ("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
                  "{%0, %1, %2, %3}, [%4];"
                  : "=r" (dst[0]), "=r" (dst[1]), "=r" (dst[2]),
                    "=r" (dst[3]) : "r" (address));
  else
    asm volatile ("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                  "{%0, %1, %2, %3}, [%4];"
                  : "=r" (dst[0]), "=r" (dst[1]), "=r" (dst[2]),
                    "=r" (dst[3]) : "r" (address)); }
#define CUDAJIT_WMMA_LDMATRIX_BF16(matrix, transpose) \
  __device__ __forceinline__ void cudajit_wmma_ldmatrix_##matrix##_bf16 \
  (int *dst, const int *src, unsigned int ld, int col) \
  { if (__isShared (src)) \
      cudajit_wmma_ldmatrix (dst, src, ld, col, transpose); \
    else \
      CUDAJIT_WMMA_LAYOUT (col, __mma_bf16_m16n16k16_ld_##matrix, dst, src, \
                           ld) }
CUDAJIT_WMMA_LDMATRIX_BF16 (a, col)
CUDAJIT_WMMA_LDMATRIX_BF16 (b, !col)
#undef CUDAJIT_WMMA_LDMATRIX_BF16
/* Its mma as the builtin's instruction, one for each layout: NVVM
   merged the switch's four calls of the builtin into one of a layout
   that is no constant, and failed ("immarg operand has non-immediate
   parameter"), once the loads were these.  */
#define CUDAJIT_WMMA_MMA_BF16(layouts) \
  asm ("wmma.mma.sync.aligned." layouts ".m16n16k16.f32.bf16.bf16.f32 " \
       "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, " \
       "{%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};" \
       : "=f" (d[0]), "=f" (d[1]), "=f" (d[2]), "=f" (d[3]), "=f" (d[4]), \
         "=f" (d[5]), "=f" (d[6]), "=f" (d[7]) \
       : "r" (a[0]), "r" (a[1]), "r" (a[2]), "r" (a[3]), "r" (b[0]), \
         "r" (b[1]), "r" (b[2]), "r" (b[3]), "f" (c[0]), "f" (c[1]), \
         "f" (c[2]), "f" (c[3]), "f" (c[4]), "f" (c[5]), "f" (c[6]), \
         "f" (c[7]))
__device__ __forceinline__ void
cudajit_wmma_mma_bf16_layouts (float *d, const int *a, const int *b,
                               const float *c, int layouts, int)
{ switch (layouts)
    { case 0: CUDAJIT_WMMA_MMA_BF16 ("row.row"); break;
      case 1: CUDAJIT_WMMA_MMA_BF16 ("row.col"); break;
      case 2: CUDAJIT_WMMA_MMA_BF16 ("col.row"); break;
      default: CUDAJIT_WMMA_MMA_BF16 ("col.col"); } }
#undef CUDAJIT_WMMA_MMA_BF16
CUDAJIT_WMMA_INPUT (bf16, cudajit_bf16, cudajit_wmma_ldmatrix_a_bf16,
                    cudajit_wmma_ldmatrix_b_bf16, CUDAJIT_WMMA_EXACT)
CUDAJIT_WMMA_MMA (bf16, acc_f32, , float, cudajit_wmma_mma_bf16_layouts)
CUDAJIT_WMMA_BF16 (_32x8x16, __mma_bf16_m32n8k16)
CUDAJIT_WMMA_BF16 (_8x32x16, __mma_bf16_m8n32k16)
/* tf32's elements rounded as CUDA's __float_to_tf32, which the CPU
   backend's cudajit_wmma_tf32 matches.  */
__device__ __forceinline__ float cudajit_wmma_tf32 (float x)
{ float r;
  asm ("{ .reg .b32 t; cvt.rna.tf32.f32 t, %1; mov.b32 %0, t; }"
       : "=f" (r) : "f" (x));
  return r; }
#define CUDAJIT_WMMA_TF32_ROUND(f) \
  for (int i = 0; i < (int) (sizeof f->x / sizeof f->x[0]); i++) \
    f->x[i] = cudajit_wmma_tf32 (f->x[i]);
CUDAJIT_WMMA_INPUT (tf32_16x16x8, float, __mma_tf32_m16n16k8_ld_a,
                    __mma_tf32_m16n16k8_ld_b, CUDAJIT_WMMA_TF32_ROUND)
CUDAJIT_WMMA_ACC (acc_f32_16x16x8, float, float, __mma_tf32_m16n16k8_ld_c,
                  __mma_m16n16k8_st_c_f32)
CUDAJIT_WMMA_MMA (tf32, acc_f32, _16x16x8, float, __mma_tf32_m16n16k8_mma_f32)
#undef CUDAJIT_WMMA_TF32_ROUND
#else
CUDAJIT_WMMA_BF16_NEEDS ()
CUDAJIT_WMMA_BF16_NEEDS (_32x8x16)
CUDAJIT_WMMA_BF16_NEEDS (_8x32x16)
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_a_tf32_16x16x8, "8.0")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_b_tf32_16x16x8, "8.0")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_fill_acc_f32_16x16x8, "8.0")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_load_acc_f32_16x16x8, "8.0")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_store_acc_f32_16x16x8, "8.0")
CUDAJIT_WMMA_NEEDS (cudajit_wmma_mma_tf32_acc_f32_16x16x8, "8.0")
#endif
#undef CUDAJIT_WMMA_F16
#undef CUDAJIT_WMMA_F16_NEEDS
#undef CUDAJIT_WMMA_BF16
#undef CUDAJIT_WMMA_BF16_NEEDS
#undef CUDAJIT_WMMA_NEEDS
#undef CUDAJIT_WMMA_CHECK
#undef CUDAJIT_WMMA_LD_CHECK
#undef CUDAJIT_WMMA_LAYOUT
#undef CUDAJIT_WMMA_INPUT
#undef CUDAJIT_WMMA_EXACT
#undef CUDAJIT_WMMA_ACC
#undef CUDAJIT_WMMA_MMA
