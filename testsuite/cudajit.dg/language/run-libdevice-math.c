/* libdevice's functions that C lacks and CUDA's fast intrinsics, in a
   kernel, against their definitions in plain C on the host: sinpi (x) is
   sin (M_PI * x), erfinv is checked by erf of its result, cyl_bessel_i0
   by its integral, the fast intrinsics by their exact functions, each
   within a tolerance wider than the GPU's documented error, on the
   intervals where CUDA documents it (__sinf's [-pi, pi]).  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -lm" } */

#define _GNU_SOURCE
#include <cudajit.h>
#include <math.h>
#include <stdio.h>

/* Each function of X in [-4, 4], Y a power of ten from 1e-294 to 1e-6
   and P in (0, 1), or of XF and YF in [0.005, 4], as the kernel's
   expression and the host's, and the tolerance relative to the result
   plus the absolute one.  */
#define DOUBLE_FUNCTIONS(F)                                                   \
  F (cuda_rsqrt (fabs (x) + 0.5), 1 / sqrt (fabs (x) + 0.5), 1e-13, 0)         \
  F (cuda_rcbrt (x + 0.1), 1 / cbrt (x + 0.1), 1e-13, 0)                       \
  F (cuda_sinpi (x), sin (M_PI * x), 1e-13, 1e-14)                             \
  F (cuda_cospi (x), cos (M_PI * x), 1e-13, 1e-14)                             \
  F (sincospi_sin (x), sin (M_PI * x), 1e-13, 1e-14)                           \
  F (sincospi_cos (x), cos (M_PI * x), 1e-13, 1e-14)                           \
  F (cuda_normcdf (2 * x), erfc (-2 * x / sqrt (2)) / 2, 1e-13, 0)             \
  F (erf (cuda_erfinv (x / 4.01)), x / 4.01, 1e-13, 1e-15)                     \
  F (erfc (cuda_erfcinv ((x + 4.01) / 4.015)), (x + 4.01) / 4.015, 1e-12, 0)   \
  F (erfc (cuda_erfcinv (y)), y, 1e-11, 0)                                     \
  F (erfc (-cuda_normcdfinv (p) / sqrt (2)) / 2, p, 1e-12, 0)                  \
  F (cuda_erfcx (4 * x), exp (16 * x * x) * erfc (4 * x), 1e-12, 0)            \
  F (cuda_cyl_bessel_i0 (10 * x), bessel_i (0, 10 * x), 1e-13, 0)              \
  F (cuda_cyl_bessel_i1 (10 * x), bessel_i (1, 10 * x), 1e-13, 1e-13)

#define FLOAT_FUNCTIONS(F)                                                    \
  F (cuda_rsqrtf (fabsf (xf) + 0.5f), 1 / sqrt (fabs (xf) + 0.5f), 1e-6, 0)    \
  F (cuda_rcbrtf (xf + 0.1f), 1 / cbrt (xf + 0.1f), 1e-6, 0)                   \
  F (cuda_sinpif (xf), sin (M_PI * xf), 1e-6, 1e-6)                            \
  F (cuda_cospif (xf), cos (M_PI * xf), 1e-6, 1e-6)                            \
  F (sincospif_sin (xf), sin (M_PI * xf), 1e-6, 1e-6)                          \
  F (cuda_normcdff (xf), erfc (-xf / sqrt (2)) / 2, 1e-6, 0)                   \
  F (erf (cuda_erfinvf (xf / 4.01f)), xf / 4.01f, 1e-6, 1e-6)                  \
  F (erfc (cuda_erfcinvf ((xf + 4.01f) / 4.015f)), (xf + 4.01f) / 4.015f,      \
     3e-5, 0)                                                                  \
  F (cuda_erfcxf (2 * xf), exp (4.0 * xf * xf) * erfc (2.0 * xf), 1e-6, 0)    \
  F (cuda_cyl_bessel_i0f (xf), bessel_i (0, xf), 1e-6, 0)                      \
  F (cuda_cyl_bessel_i1f (xf), bessel_i (1, xf), 1e-6, 1e-6)                  \
  F (cuda_saturatef (xf / 3), fmin (fmax (xf / 3, 0), 1), 0, 0)                \
  F (cuda_fast_expf (xf), exp (xf), 2e-6, 0)                                   \
  F (cuda_fast_exp10f (xf / 2), pow (10, xf / 2), 4e-6, 0)                     \
  F (cuda_fast_logf (yf), log (yf), 1e-6, 1e-6)                                \
  F (cuda_fast_log2f (yf), log2 (yf), 1e-6, 1e-6)                              \
  F (cuda_fast_log10f (yf), log10 (yf), 1e-6, 1e-6)                            \
  F (cuda_fast_sinf (xf / 1.3f), sin (xf / 1.3f), 0, 1e-6)                     \
  F (cuda_fast_cosf (xf / 1.3f), cos (xf / 1.3f), 0, 1e-6)                     \
  F (cuda_fast_tanf (xf / 4), tan (xf / 4), 1e-5, 1e-6)                        \
  F (fast_sincosf_cos (xf / 1.3f), cos (xf / 1.3f), 0, 1e-6)                   \
  F (cuda_fast_powf (yf, xf), pow (yf, xf), 2e-5, 0)                           \
  F (cuda_fast_fdividef (xf, yf), (double) xf / yf, 1e-6, 0)                   \
  F (cuda_fast_fdividef (xf, 0x1.8p126f), 0, 0, 0)

/* The two-result functions, as one result each.  */
#define sincospi_sin(x) (cuda_sincospi (x, &s, &c), s)
#define sincospi_cos(x) (cuda_sincospi (x, &s, &c), c)
#define sincospif_sin(x) (cuda_sincospif (x, &sf, &cf), sf)
#define fast_sincosf_cos(x) (cuda_fast_sincosf (x, &sf, &cf), cf)

#define KERNEL_RESULT(got, want, relative, absolute) got,
#define HOST_RESULT(got, want, relative, absolute) want,
#define TOLERANCE(got, want, relative, absolute) { relative, absolute },
#define COUNT(got, want, relative, absolute) +1

enum
{
  NDOUBLE = 0 DOUBLE_FUNCTIONS (COUNT),
  NFLOAT = 0 FLOAT_FUNCTIONS (COUNT),
  N = 401
};

/* I_ORDER (X), the integral over [0, pi] of e^(x cos t) cos (ORDER t) / pi,
   whose trapezoids converge as fast as the terms of a Fourier series of an
   entire function fall.  */
static double
bessel_i (int order, double x)
{
  enum
  {
    STEPS = 400
  };
  double sum = 0;
  for (int k = 0; k <= STEPS; k++)
    {
      double t = M_PI * k / STEPS;
      sum += (k == 0 || k == STEPS ? 0.5 : 1) * exp (x * cos (t))
             * cos (order * t);
    }
  return sum / STEPS;
}

__attribute__ ((cuda_jit)) void
kernel (long n, const double in[n], double out[n][NDOUBLE],
        float outf[n][NFLOAT])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  double x = in[i], y = pow (10, -36 * x - 150), p = (x + 4.01) / 8.03;
  float xf = x, yf = (xf + 4.01f) / 2;
  double s, c;
  float sf, cf;
  double d[] = { DOUBLE_FUNCTIONS (KERNEL_RESULT) };
  float f[] = { FLOAT_FUNCTIONS (KERNEL_RESULT) };
  for (int k = 0; k < NDOUBLE; k++)
    out[i][k] = d[k];
  for (int k = 0; k < NFLOAT; k++)
    outf[i][k] = f[k];
}

static int
differ (double got, double want, const double tolerance[2])
{
  return got != want
         && !(fabs (got - want) <= tolerance[0] * fabs (want) + tolerance[1]);
}

int
main (void)
{
  static double in[N], out[N][NDOUBLE];
  static float outf[N][NFLOAT];
  static const double tolerance[][2] = { DOUBLE_FUNCTIONS (TOLERANCE) };
  static const double tolerancef[][2] = { FLOAT_FUNCTIONS (TOLERANCE) };
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = -4 + 8.0 * i / (N - 1);
  cuda_launch (kernel, (N + 127) / 128, 128) (N, in, out, outf);
  for (int i = 0; i < N; i++)
    {
      double x = in[i], y = pow (10, -36 * x - 150), p = (x + 4.01) / 8.03;
      float xf = x, yf = (xf + 4.01f) / 2;
      double want[] = { DOUBLE_FUNCTIONS (HOST_RESULT) };
      double wantf[] = { FLOAT_FUNCTIONS (HOST_RESULT) };
      for (int k = 0; k < NDOUBLE; k++)
        if (differ (out[i][k], want[k], tolerance[k]) && errors++ < 10)
          printf ("double function %d at %g: %.17g, not %.17g\n", k, x,
                  out[i][k], want[k]);
      for (int k = 0; k < NFLOAT; k++)
        if (differ (outf[i][k], wantf[k], tolerancef[k]) && errors++ < 10)
          printf ("float function %d at %g: %.9g, not %.9g\n", k, x,
                  outf[i][k], wantf[k]);
    }
  printf ("libdevice math: %d functions, %d errors\n", NDOUBLE + NFLOAT,
          errors);
  return errors != 0;
}

/* { dg-output "libdevice math: 38 functions, 0 errors" } */
/* { dg-cudajit-levels all } */
