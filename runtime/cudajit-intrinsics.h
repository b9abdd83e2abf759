/* SPDX-License-Identifier: MIT */
/* CUDA's functions for kernels that C has no name for: libdevice's math
   functions, CUDA's fast intrinsics, its integer intrinsics, clocks,
   cache-hinted loads and stores, arithmetic in a rounding mode, inline
   PTX's cuda_on_gpu, cuda_trap and the asynchronous copies to shared
   memory.  Each is cuda_NAME, NAME being CUDA's name without its underscores,
   which is also the name of numba.cuda.libdevice's (fast_expf for __expf), and
   each is a row of the plugin's device-api.def.  On the GPU the call is
   CUDA's; the definitions here and in cpu-intrinsics.c are the CPU
   backend's, which give the GPU's results: the same bits for the integer
   functions and the rounded arithmetic, and for the math functions a
   result within the GPU's own error bounds (CUDA's programming guide,
   "Mathematical Functions").  Included by cudajit.h; programs do not
   include it themselves.  */

#ifndef CUDAJIT_INTRINSICS_H
#define CUDAJIT_INTRINSICS_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

#ifdef __cplusplus
extern "C"
{
#endif

  /* libdevice's: 1 / sqrt (x), 1 / cbrt (x), sin (pi x), cos (pi x), both
     at once, the standard normal distribution function and its inverse,
     the inverse error functions, exp (x * x) * erfc (x), the modified
     Bessel functions of the first kind of orders 0 and 1; and
     __saturatef, X clamped to [0, 1] with a NaN made 0.  */
  double cuda_rsqrt (double x);
  float cuda_rsqrtf (float x);
  double cuda_rcbrt (double x);
  float cuda_rcbrtf (float x);
  double cuda_sinpi (double x);
  float cuda_sinpif (float x);
  double cuda_cospi (double x);
  float cuda_cospif (float x);
  void cuda_sincospi (double x, double *sin_pi_x, double *cos_pi_x);
  void cuda_sincospif (float x, float *sin_pi_x, float *cos_pi_x);
  double cuda_normcdf (double x);
  float cuda_normcdff (float x);
  double cuda_normcdfinv (double p);
  float cuda_normcdfinvf (float p);
  double cuda_erfinv (double y);
  float cuda_erfinvf (float y);
  double cuda_erfcinv (double y);
  float cuda_erfcinvf (float y);
  double cuda_erfcx (double x);
  float cuda_erfcxf (float x);
  double cuda_cyl_bessel_i0 (double x);
  float cuda_cyl_bessel_i0f (float x);
  double cuda_cyl_bessel_i1 (double x);
  float cuda_cyl_bessel_i1f (float x);
  float cuda_saturatef (float x);

  /* CUDA's approximate intrinsics, __expf and the rest, fast on the GPU
     with or without "fastmath"; the CPU backend computes the exact
     functions, which lie within the GPU's error bounds.  */
  float cuda_fast_expf (float x);
  float cuda_fast_exp10f (float x);
  float cuda_fast_logf (float x);
  float cuda_fast_log2f (float x);
  float cuda_fast_log10f (float x);
  float cuda_fast_sinf (float x);
  float cuda_fast_cosf (float x);
  float cuda_fast_tanf (float x);
  void cuda_fast_sincosf (float x, float *sin_x, float *cos_x);
  float cuda_fast_powf (float x, float y);
  float cuda_fast_fdividef (float x, float y);

  /* CUDA's integer intrinsics: the high 32 or 64 bits of a product, the
     product of the low 24 bits (sign-extended for mul24), |x - y| + z,
     the bytes of {y, x} chosen by the low 3 bits of the selector's low 4
     nibbles (libdevice masks off the rest before PTX's prmt, for which a
     nibble's high bit would repeat the byte's sign), and the bits
     reversed.  */
  static __inline__ int
  cuda_mulhi (int x, int y)
  {
    return (int) (((long long) x * y) >> 32);
  }

  static __inline__ unsigned int
  cuda_umulhi (unsigned int x, unsigned int y)
  {
    return (unsigned int) (((unsigned long long) x * y) >> 32);
  }

  static __inline__ long long
  cuda_mul64hi (long long x, long long y)
  {
    return (long long) (((__int128) x * y) >> 64);
  }

  static __inline__ unsigned long long
  cuda_umul64hi (unsigned long long x, unsigned long long y)
  {
    return (unsigned long long) (((unsigned __int128) x * y) >> 64);
  }

  /* The low 24 bits of X, sign-extended from the 24th.  */
  static __inline__ long long
  cudajit_low_24_bits (int x)
  {
    return (long long) ((unsigned int) x & 0xffffff)
           - ((unsigned int) x & 0x800000 ? 0x1000000 : 0);
  }

  static __inline__ int
  cuda_mul24 (int x, int y)
  {
    return (int) (unsigned int) (cudajit_low_24_bits (x)
                                 * cudajit_low_24_bits (y));
  }

  static __inline__ unsigned int
  cuda_umul24 (unsigned int x, unsigned int y)
  {
    return (x & 0xffffff) * (y & 0xffffff);
  }

  static __inline__ unsigned int
  cuda_sad (int x, int y, unsigned int z)
  {
    return (x > y ? (unsigned int) x - (unsigned int) y
                  : (unsigned int) y - (unsigned int) x)
           + z;
  }

  static __inline__ unsigned int
  cuda_usad (unsigned int x, unsigned int y, unsigned int z)
  {
    return (x > y ? x - y : y - x) + z;
  }

  static __inline__ unsigned int
  cuda_byte_perm (unsigned int x, unsigned int y, unsigned int selector)
  {
    unsigned long long bytes = (unsigned long long) y << 32 | x;
    unsigned int result = 0;
    int n;

    for (n = 0; n < 4; n++)
      result |= (unsigned int) (bytes >> 8 * (selector >> 4 * n & 7) & 0xff)
                << 8 * n;
    return result;
  }

  static __inline__ unsigned int
  cuda_brev (unsigned int x)
  {
    unsigned int result = 0;
    int i;

    for (i = 0; i < 32; i++, x >>= 1)
      result = result << 1 | (x & 1);
    return result;
  }

  static __inline__ unsigned long long
  cuda_brevll (unsigned long long x)
  {
    return (unsigned long long) cuda_brev ((unsigned int) x) << 32
           | cuda_brev ((unsigned int) (x >> 32));
  }

  /* CUDA's clocks: the multiprocessor's cycle counter, in 32 bits
     (clock (), from 0 to 2^32 - 1 on both backends) and in 64, and the GPU's
     nanosecond timer (PTX's %globaltimer), which on the CPU backend are
     CLOCK_MONOTONIC's nanoseconds and CLOCK_REALTIME's; and __nanosleep,
     a pause of about NS nanoseconds, at most a millisecond.  */
  long cuda_clock (void);
  long long cuda_clock64 (void);
  unsigned long long cuda_globaltimer (void);
  void cuda_nanosleep (unsigned int ns);

/* Loads and stores with CUDA's cache hints, Numba's ldca ... stwt:
   cuda_ldg (ptr) is *PTR read through the read-only data cache, which
   PTR's data must be for the whole kernel; cuda_ldca (cached in all
   levels), cuda_ldcg (in L2, not L1), cuda_ldcs (streaming, likely read
   once), cuda_ldlu (last use) and cuda_ldcv (volatile: fetched again)
   read *PTR too; cuda_stwb (ptr, value) (write back), cuda_stcg (in L2),
   cuda_stcs (streaming) and cuda_stwt (write through) store VALUE.  PTR
   points to an integer, a float or a double; on the CPU backend each is
   the plain access.  */
#define cuda_ldg(ptr) CUDAJIT_CACHE_TYPED (ldg, ptr) (ptr)
#define cuda_ldca(ptr) CUDAJIT_CACHE_TYPED (ldca, ptr) (ptr)
#define cuda_ldcg(ptr) CUDAJIT_CACHE_TYPED (ldcg, ptr) (ptr)
#define cuda_ldcs(ptr) CUDAJIT_CACHE_TYPED (ldcs, ptr) (ptr)
#define cuda_ldlu(ptr) CUDAJIT_CACHE_TYPED (ldlu, ptr) (ptr)
#define cuda_ldcv(ptr) CUDAJIT_CACHE_TYPED (ldcv, ptr) (ptr)
#define cuda_stwb(ptr, value) CUDAJIT_CACHE_TYPED (stwb, ptr) (ptr, value)
#define cuda_stcg(ptr, value) CUDAJIT_CACHE_TYPED (stcg, ptr) (ptr, value)
#define cuda_stcs(ptr, value) CUDAJIT_CACHE_TYPED (stcs, ptr) (ptr, value)
#define cuda_stwt(ptr, value) CUDAJIT_CACHE_TYPED (stwt, ptr) (ptr, value)

/* cudajit_OP_T for the type T that PTR points to; PTR is passed to it
   unparenthesized, so that GCC's error for another type is on the
   caller's line and names the pointer's type.  */
#define CUDAJIT_CACHE_TYPED(op, ptr)                                          \
  CUDAJIT_BY_SCALAR_TYPE (*(ptr), op, cuda_cache_not_available_for_this_type)

  void cuda_cache_not_available_for_this_type (struct cudajit_no_such_type,
                                               ...);

#define CUDAJIT_CACHE_LOAD(op, t, type)                                       \
  static __inline__ type cudajit_##op##_##t (const type *ptr) { return *ptr; }
#define CUDAJIT_CACHE_STORE(op, t, type)                                      \
  static __inline__ void cudajit_##op##_##t (type *ptr, type value)           \
  {                                                                           \
    *ptr = value;                                                             \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_CACHE_LOAD (ldg, t, type)                                           \
  CUDAJIT_CACHE_LOAD (ldca, t, type)                                          \
  CUDAJIT_CACHE_LOAD (ldcg, t, type)                                          \
  CUDAJIT_CACHE_LOAD (ldcs, t, type)                                          \
  CUDAJIT_CACHE_LOAD (ldlu, t, type)                                          \
  CUDAJIT_CACHE_LOAD (ldcv, t, type)                                          \
  CUDAJIT_CACHE_STORE (stwb, t, type)                                         \
  CUDAJIT_CACHE_STORE (stcg, t, type)                                         \
  CUDAJIT_CACHE_STORE (stcs, t, type)                                         \
  CUDAJIT_CACHE_STORE (stwt, t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_CACHE_LOAD
#undef CUDAJIT_CACHE_STORE

  /* CUDA's arithmetic in a rounding mode of its own, whatever the
     thread's, which the name ends with: _rn to nearest even, _rz toward
     zero, _ru up, _rd down.  In float, cuda_fadd_rn (x, y), cuda_fsub_rn,
     cuda_fmul_rn, cuda_fdiv_rn, cuda_fmaf_rn (x, y, z), cuda_frcp_rn (x)
     (1 / x) and cuda_fsqrt_rn (x); in double, cuda_dadd_rn ...
     cuda_dsqrt_rn, with cuda_fma_rn as CUDA names it.  Each is the exact
     result rounded once, IEEE 754's, the same bits on both backends.  */
#define CUDAJIT_ROUNDED_DECLARE(mode)                                         \
  float cuda_fadd_##mode (float x, float y);                                  \
  float cuda_fsub_##mode (float x, float y);                                  \
  float cuda_fmul_##mode (float x, float y);                                  \
  float cuda_fdiv_##mode (float x, float y);                                  \
  float cuda_fmaf_##mode (float x, float y, float z);                         \
  float cuda_frcp_##mode (float x);                                           \
  float cuda_fsqrt_##mode (float x);                                          \
  double cuda_dadd_##mode (double x, double y);                               \
  double cuda_dsub_##mode (double x, double y);                               \
  double cuda_dmul_##mode (double x, double y);                               \
  double cuda_ddiv_##mode (double x, double y);                               \
  double cuda_fma_##mode (double x, double y, double z);                      \
  double cuda_drcp_##mode (double x);                                         \
  double cuda_dsqrt_##mode (double x);
  CUDAJIT_ROUNDED_DECLARE (rn)
  CUDAJIT_ROUNDED_DECLARE (rz)
  CUDAJIT_ROUNDED_DECLARE (ru)
  CUDAJIT_ROUNDED_DECLARE (rd)
#undef CUDAJIT_ROUNDED_DECLARE

  /* Numba's cuda.fp16 math, CUDA's hrcp, hrsqrt, hsqrt, hexp, hexp2,
     hexp10, hlog, hlog2, hlog10, hsin, hcos, hfloor, hceil, htrunc, hrint
     and hfma, on _Float16 (GCC 12 and later, in C).  Each but cuda_hfma
     is the float function rounded once, which both backends compute:
     within 1 ulp of _Float16 of the exact function, by which the
     backends may differ, and exact for the rounding functions.
     cuda_hfma (a, b, c) is a * b + c rounded once, the same bits on
     both: the CPU backend's _Float128 holds it exactly.  */
#if defined __FLT16_MAX__ && !defined __cplusplus
#define CUDAJIT_HALF_MATH(name, value)                                        \
  static __inline__ _Float16 name (_Float16 x)                                \
  {                                                                           \
    float f = x;                                                              \
    return (_Float16) (value);                                                \
  }
  CUDAJIT_HALF_MATH (cuda_hrcp, 1.0f / f)
  CUDAJIT_HALF_MATH (cuda_hrsqrt, 1.0f / __builtin_sqrtf (f))
  CUDAJIT_HALF_MATH (cuda_hexp, __builtin_expf (f))
  CUDAJIT_HALF_MATH (cuda_hlog, __builtin_logf (f))
  CUDAJIT_HALF_MATH (cuda_hsin, __builtin_sinf (f))
  CUDAJIT_HALF_MATH (cuda_hcos, __builtin_cosf (f))
  CUDAJIT_HALF_MATH (cuda_hsqrt, __builtin_sqrtf (f))
  CUDAJIT_HALF_MATH (cuda_hexp2, __builtin_exp2f (f))
  CUDAJIT_HALF_MATH (cuda_hexp10, __builtin_exp10f (f))
  CUDAJIT_HALF_MATH (cuda_hlog2, __builtin_log2f (f))
  CUDAJIT_HALF_MATH (cuda_hlog10, __builtin_log10f (f))
  CUDAJIT_HALF_MATH (cuda_hfloor, __builtin_floorf (f))
  CUDAJIT_HALF_MATH (cuda_hceil, __builtin_ceilf (f))
  CUDAJIT_HALF_MATH (cuda_htrunc, __builtin_truncf (f))
  CUDAJIT_HALF_MATH (cuda_hrint, __builtin_rintf (f))
#undef CUDAJIT_HALF_MATH

  static __inline__ _Float16
  cuda_hfma (_Float16 a, _Float16 b, _Float16 c)
  {
    return (_Float16) ((_Float128) a * b + c);
  }
#endif

  /* Inline PTX, which only a GPU runs, and what the CPU backend runs
     instead: in a kernel or device function, an __asm__ statement is
     written in the branch of

       if (cuda_on_gpu ())
         __asm__ volatile ("mov.u32 %0, %%laneid;" : "=r" (lane));
       else
         lane = cuda_laneid ();

     whose else branch is the C of the CPU backend, which the plugin
     requires, on the asm's line.  cuda_on_gpu () is 1 in the CUDA C and
     0 on the CPU backend, whose host version has the GPU's branch
     dropped.  */
  static __inline__ int
  cuda_on_gpu (void)
  {
    return 0;
  }

  /* CUDA's __trap (): the kernel ends, and the program with an error that
     names the kernel and its launch, and the thread that trapped (on a
     GPU, the thread in a line of its own printf).  */
  __attribute__ ((__noreturn__)) void cuda_trap (void);

  /* Asynchronous copies from global to shared memory, sm_80's cp.async
     (CUDA's __pipeline_memcpy_async, __pipeline_commit and
     __pipeline_wait_prior).  cuda_memcpy_async (dst, src, bytes) starts
     a copy of BYTES, the constant 4, 8 or 16, from SRC in global memory
     to DST in shared memory, both aligned to BYTES (or the kernel ends
     with an error: here naming the thread, on a GPU the fault
     CUDA_ERROR_MISALIGNED_ADDRESS); cuda_pipeline_commit () makes the copies
     since the last commit a group; cuda_pipeline_wait (n) waits until all but
     the last N groups are done: then the calling thread sees what they copied,
     and the other threads after a barrier.  Other memory, older GPUs and the
     CPU backend copy at once.  */
  __attribute__ ((__noreturn__)) void cudajit_misaligned_copy (void);

  static __inline__ void
  cuda_memcpy_async (void *shared_dst, const void *global_src, size_t bytes)
  {
    if (((__UINTPTR_TYPE__) shared_dst | (__UINTPTR_TYPE__) global_src)
        & (bytes - 1))
      cudajit_misaligned_copy ();
    __builtin_memcpy (shared_dst, global_src, bytes);
  }

  static __inline__ void
  cuda_pipeline_commit (void)
  {
  }

  static __inline__ void
  cuda_pipeline_wait (unsigned int groups)
  {
    (void) groups;
  }

#ifdef __cplusplus
}
#endif

#endif /* CUDAJIT_INTRINSICS_H */
