/* SPDX-License-Identifier: MIT */
/* CUDA's functions for kernels that C has no name for: libdevice's math
   functions, CUDA's fast intrinsics, its integer intrinsics, clocks,
   cache-hinted loads and stores and arithmetic in a rounding mode.  Each
   is cuda_NAME, NAME being CUDA's name without its underscores, which is
   also the name of numba.cuda.libdevice's (fast_expf for __expf), and
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

#ifdef __cplusplus
}
#endif

#endif /* CUDAJIT_INTRINSICS_H */
