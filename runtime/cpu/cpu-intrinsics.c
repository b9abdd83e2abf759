/* SPDX-License-Identifier: MIT */
/* The CPU backend's versions of the functions of cudajit-intrinsics.h
   that are more than an expression: libdevice's math functions, which the
   C library lacks, computed in double so that their float forms round a
   result more exact than the GPU's; the clocks; and the arithmetic in a
   rounding mode, in the thread's floating-point environment.  */

/* For exp10f.  */
#define _GNU_SOURCE

#include "cudajit.h"

#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <time.h>

/* sqrt (1/2) less M_SQRT1_2, the double nearest it.  */
static const double sqrt_half_low = -4.833646656726457e-17;
/* 2 / sqrt (pi), the derivative of erf at 0.  */
static const double two_over_sqrt_pi = 1.1283791670955126;

double
cuda_rsqrt (double x)
{
  return 1 / sqrt (x);
}

float
cuda_rsqrtf (float x)
{
  return cuda_rsqrt (x);
}

double
cuda_rcbrt (double x)
{
  return 1 / cbrt (x);
}

float
cuda_rcbrtf (float x)
{
  return cuda_rcbrt (x);
}

/* sin (pi x) and cos (pi x) from sin alone on [-pi/2, pi/2], after
   reductions that are exact: remainder, and the differences of numbers
   within a factor of two of each other.  */
double
cuda_sinpi (double x)
{
  double r = remainder (x, 2), a = fabs (r);

  if (a > 0.5)
    a = 1 - a;
  return copysign (sin (M_PI * a), r);
}

float
cuda_sinpif (float x)
{
  return cuda_sinpi (x);
}

double
cuda_cospi (double x)
{
  return sin (M_PI * (0.5 - fabs (remainder (x, 2))));
}

float
cuda_cospif (float x)
{
  return cuda_cospi (x);
}

void
cuda_sincospi (double x, double *sin_pi_x, double *cos_pi_x)
{
  *sin_pi_x = cuda_sinpi (x);
  *cos_pi_x = cuda_cospi (x);
}

void
cuda_sincospif (float x, float *sin_pi_x, float *cos_pi_x)
{
  *sin_pi_x = cuda_sinpi (x);
  *cos_pi_x = cuda_cospi (x);
}

/* erfc (-x / sqrt (2)) / 2, corrected by the first term of erfc's Taylor
   series for the rounding of -x / sqrt (2), which the steep tail of erfc
   would otherwise magnify x * x times.  */
double
cuda_normcdf (double x)
{
  double t = -x * M_SQRT1_2;
  double error = fma (-x, M_SQRT1_2, -t) - x * sqrt_half_low;

  return (erfc (t) - error * two_over_sqrt_pi * exp (-t * t)) / 2;
}

float
cuda_normcdff (float x)
{
  return cuda_normcdf (x);
}

/* Where exp (x * x) * erfc (x) has lost erfc to underflow, its asymptotic
   series, whose terms still fall by a factor of eight after this many.  */
static const double erfcx_series_start = 12;
enum
{
  ERFCX_SERIES_TERMS = 20
};

double
cuda_erfcx (double x)
{
  if (x < erfcx_series_start)
    {
      /* x * x split exactly, hi + lo, as exp (hi) * exp (lo).  */
      double hi = x * x, lo = fma (x, x, -hi);
      if (isinf (hi))
        return INFINITY;
      return exp (hi) * (1 + lo) * erfc (x);
    }
  double sum = 1, term = 1, twice_square = 2 * x * x;
  for (int k = 1; k <= ERFCX_SERIES_TERMS; k++)
    {
      term *= -(2 * k - 1) / twice_square;
      sum += term;
    }
  return sum / (x * sqrt (M_PI));
}

float
cuda_erfcxf (float x)
{
  return cuda_erfcx (x);
}

/* Giles's approximation of erfinv (1 - q) ("Approximating the erfinv
   function", GPU Computing Gems, 2011), good to float: the start of
   Newton's iterations.  */
static double
erfinv_estimate (double q)
{
  double w = -log (q * (2 - q)), p;

  if (w < 5)
    {
      w -= 2.5;
      p = 2.81022636e-08;
      p = 3.43273939e-07 + p * w;
      p = -3.5233877e-06 + p * w;
      p = -4.39150654e-06 + p * w;
      p = 0.00021858087 + p * w;
      p = -0.00125372503 + p * w;
      p = -0.00417768164 + p * w;
      p = 0.246640727 + p * w;
      p = 1.50140941 + p * w;
    }
  else
    {
      w = sqrt (w) - 3;
      p = -0.000200214257;
      p = 0.000100950558 + p * w;
      p = 0.00134934322 + p * w;
      p = -0.00367342844 + p * w;
      p = 0.00573950773 + p * w;
      p = -0.0076224613 + p * w;
      p = 0.00943887047 + p * w;
      p = 1.00167406 + p * w;
      p = 2.83297682 + p * w;
    }
  return p * (1 - q);
}

/* Newton's iterations stop where a step no longer changes the result
   by more than this part of it.  */
static const double newton_tolerance = 0x1p-52;
enum
{
  NEWTON_MOST_STEPS = 64
};

/* Below it, Giles's estimate no longer holds, and erfc's root is sought
   in logarithms: where erfc (t) would underflow, log (erfc (t)) is
   log (erfcx (t)) - t^2, and t is far enough from 0 that the absolute
   error of the logarithms is a relative one of t.  */
static const double erfcinv_log_below = 0.5;
static const double giles_smallest = 0x1p-24;

/* erfcinv (q) for Q in (0, 1], by Newton's method on erfc (t) - q or,
   for a small Q, on log (erfc (t)) - log (q), whose steps erfcx writes
   without overflow or underflow.  */
static double
erfcinv_upper (double q)
{
  bool in_logs = q < erfcinv_log_below;
  double t = q < giles_smallest ? sqrt (-log (q)) : erfinv_estimate (q);

  for (int i = 0; i < NEWTON_MOST_STEPS; i++)
    {
      double erfcx_t = cuda_erfcx (t);
      double difference
          = in_logs ? log (erfcx_t) - t * t - log (q) : 1 - q / erfc (t);
      double step = difference * erfcx_t / two_over_sqrt_pi;
      t += step;
      if (fabs (step) <= newton_tolerance * t)
        break;
    }
  return t;
}

double
cuda_erfcinv (double y)
{
  if (!(y > 0 && y < 2))
    return y == 0 ? INFINITY : y == 2 ? -INFINITY : NAN;
  return y <= 1 ? erfcinv_upper (y) : -erfcinv_upper (2 - y);
}

float
cuda_erfcinvf (float y)
{
  return cuda_erfcinv (y);
}

double
cuda_erfinv (double y)
{
  if (!(fabs (y) < 1))
    return fabs (y) == 1 ? copysign (INFINITY, y) : NAN;
  /* Near 1, erf flattens, and erfc finds the root better.  */
  if (fabs (y) > 0.5)
    return copysign (erfcinv_upper (1 - fabs (y)), y);
  double t = erfinv_estimate (1 - y);
  for (int i = 0; i < NEWTON_MOST_STEPS; i++)
    {
      double step = (erf (t) - y) * exp (t * t) / two_over_sqrt_pi;
      t -= step;
      if (fabs (step) <= newton_tolerance * fabs (t))
        break;
    }
  return t;
}

float
cuda_erfinvf (float y)
{
  return cuda_erfinv (y);
}

double
cuda_normcdfinv (double p)
{
  return -M_SQRT2 * cuda_erfcinv (2 * p);
}

float
cuda_normcdfinvf (float p)
{
  return cuda_normcdfinv (p);
}

/* I0 and I1 by their power series, all of whose terms are positive, up
   to where the asymptotic series of e^x / sqrt (2 pi x) needs fewer than
   this many terms.  */
static const double bessel_series_end = 30;
enum
{
  BESSEL_ASYMPTOTIC_TERMS = 30
};

/* I_ORDER (X) for X >= bessel_series_end: e^x / sqrt (2 pi x) times the
   sum of (-1)^k a_k (order) / x^k, e^x in two halves so that it
   overflows only where the result does.  */
static double
bessel_i_asymptotic (int order, double x)
{
  if (isinf (x))
    return x;
  double sum = 1, term = 1, four_order_squared = 4.0 * order * order;
  for (int k = 1; k <= BESSEL_ASYMPTOTIC_TERMS; k++)
    {
      double odd = 2 * k - 1;
      term *= -(four_order_squared - odd * odd) / (8 * k * x);
      sum += term;
    }
  double half = exp (x / 2);
  return half * (half * sum / sqrt (2 * M_PI * x));
}

/* The power series of I_ORDER (X) / (X/2)^ORDER, ORDER 0 or 1: the sum
   of (x^2/4)^k / (k! (k + order)!).  */
static double
bessel_i_series (int order, double x)
{
  double quarter_square = x * x / 4, sum = 1, term = 1;
  for (int k = 1; term > sum * 0x1p-60; k++)
    {
      term *= quarter_square / (k * (k + order));
      sum += term;
    }
  return sum;
}

double
cuda_cyl_bessel_i0 (double x)
{
  x = fabs (x);
  return x < bessel_series_end ? bessel_i_series (0, x)
                               : bessel_i_asymptotic (0, x);
}

float
cuda_cyl_bessel_i0f (float x)
{
  return cuda_cyl_bessel_i0 (x);
}

double
cuda_cyl_bessel_i1 (double x)
{
  double a = fabs (x);
  double i1 = a < bessel_series_end ? a / 2 * bessel_i_series (1, a)
                                    : bessel_i_asymptotic (1, a);
  return copysign (i1, x);
}

float
cuda_cyl_bessel_i1f (float x)
{
  return cuda_cyl_bessel_i1 (x);
}

float
cuda_saturatef (float x)
{
  return x >= 1 ? 1 : x > 0 ? x : 0;
}

float
cuda_fast_expf (float x)
{
  return expf (x);
}

float
cuda_fast_exp10f (float x)
{
  return exp10f (x);
}

float
cuda_fast_logf (float x)
{
  return logf (x);
}

float
cuda_fast_log2f (float x)
{
  return log2f (x);
}

float
cuda_fast_log10f (float x)
{
  return log10f (x);
}

float
cuda_fast_sinf (float x)
{
  return sinf (x);
}

float
cuda_fast_cosf (float x)
{
  return cosf (x);
}

float
cuda_fast_tanf (float x)
{
  return tanf (x);
}

void
cuda_fast_sincosf (float x, float *sin_x, float *cos_x)
{
  *sin_x = sinf (x);
  *cos_x = cosf (x);
}

float
cuda_fast_powf (float x, float y)
{
  return powf (x, y);
}

/* CUDA's: where 2^126 < |y| < 2^128 the quotient is 0, or a NaN for an
   infinite x (CUDA's programming guide, "Intrinsic Functions").  */
static const float fdividef_huge_divisor = 0x1p126f;

float
cuda_fast_fdividef (float x, float y)
{
  if (fabsf (y) > fdividef_huge_divisor && isfinite (y))
    return isinf (x) ? NAN : copysignf (0, x) * copysignf (1, y);
  return x / y;
}

static const long long nanoseconds_per_second = 1000000000;

/* The nanoseconds of CLOCK_ID.  */
static long long
nanoseconds (clockid_t clock_id)
{
  struct timespec now;

  clock_gettime (clock_id, &now);
  return now.tv_sec * nanoseconds_per_second + now.tv_nsec;
}

long long
cuda_clock64 (void)
{
  return nanoseconds (CLOCK_MONOTONIC);
}

long
cuda_clock (void)
{
  return (unsigned int) cuda_clock64 ();
}

unsigned long long
cuda_globaltimer (void)
{
  return nanoseconds (CLOCK_REALTIME);
}

/* The longest pause of __nanosleep (CUDA's programming guide).  */
static const unsigned int nanosleep_most = 1000000;

void
cuda_nanosleep (unsigned int ns)
{
  struct timespec pause = { 0, ns < nanosleep_most ? ns : nanosleep_most };

  nanosleep (&pause, NULL);
}

/* NAME, EXPRESSION of PARAMS computed in the rounding MODE.  The
   parameters are volatile, and so is the result, so that GCC, which does
   not model the rounding mode, neither folds the operation nor moves it
   out from between the changes of mode.  */
#define ROUNDED(name, mode, type, params, expression)                         \
  type cuda_##name params                                                     \
  {                                                                           \
    int saved = fegetround ();                                                \
    volatile type result;                                                     \
    fesetround (mode);                                                        \
    result = expression;                                                      \
    fesetround (saved);                                                       \
    return result;                                                            \
  }
#define ROUNDED_IN_EACH_MODE(name, type, params, expression)                  \
  ROUNDED (name##_rn, FE_TONEAREST, type, params, expression)                 \
  ROUNDED (name##_rz, FE_TOWARDZERO, type, params, expression)                \
  ROUNDED (name##_ru, FE_UPWARD, type, params, expression)                    \
  ROUNDED (name##_rd, FE_DOWNWARD, type, params, expression)

ROUNDED_IN_EACH_MODE (fadd, float, (volatile float x, volatile float y), x + y)
ROUNDED_IN_EACH_MODE (fsub, float, (volatile float x, volatile float y), x - y)
ROUNDED_IN_EACH_MODE (fmul, float, (volatile float x, volatile float y), x *y)
ROUNDED_IN_EACH_MODE (fdiv, float, (volatile float x, volatile float y), x / y)
ROUNDED_IN_EACH_MODE (fmaf, float,
                      (volatile float x, volatile float y, volatile float z),
                      fmaf (x, y, z))
ROUNDED_IN_EACH_MODE (frcp, float, (volatile float x), 1 / x)
ROUNDED_IN_EACH_MODE (fsqrt, float, (volatile float x), sqrtf (x))
ROUNDED_IN_EACH_MODE (dadd, double, (volatile double x, volatile double y),
                      x + y)
ROUNDED_IN_EACH_MODE (dsub, double, (volatile double x, volatile double y),
                      x - y)
ROUNDED_IN_EACH_MODE (dmul, double, (volatile double x, volatile double y),
                      x *y)
ROUNDED_IN_EACH_MODE (ddiv, double, (volatile double x, volatile double y),
                      x / y)
ROUNDED_IN_EACH_MODE (fma, double,
                      (volatile double x, volatile double y,
                       volatile double z),
                      fma (x, y, z))
ROUNDED_IN_EACH_MODE (drcp, double, (volatile double x), 1 / x)
ROUNDED_IN_EACH_MODE (dsqrt, double, (volatile double x), sqrt (x))
