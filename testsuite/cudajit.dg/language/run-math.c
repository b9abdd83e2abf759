/* <math.h> functions in double and float, and GCC's integer builtins, in a
   kernel, against the same calls on the host: the GPU's math functions
   may differ in the last bits, the integer ones not at all.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -lm" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#define DOUBLE_FUNCTIONS(X)                                                   \
  X (sqrt (fabs (x))) X (cbrt (x)) X (hypot (x, y)) X (exp (y / 10))           \
  X (exp2 (y / 10)) X (expm1 (y / 10)) X (log (fabs (x) + 1))                  \
  X (log2 (fabs (x) + 1)) X (log10 (fabs (x) + 1)) X (log1p (fabs (x)))        \
  X (pow (fabs (x), 0.75)) X (sin (x)) X (cos (x)) X (tan (x / 4))             \
  X (asin (x / 64)) X (acos (x / 64)) X (atan (x)) X (atan2 (x, y))            \
  X (sinh (x / 16)) X (cosh (x / 16)) X (tanh (x)) X (floor (x)) X (ceil (x))  \
  X (round (x)) X (trunc (x)) X (rint (x)) X (fmod (x, y + 1))                 \
  X (fmin (x, y)) X (fmax (x, y)) X (fma (x, y, 1)) X (erf (x / 8))            \
  X (erfc (x / 8)) X (copysign (y, x))

#define FLOAT_FUNCTIONS(X)                                                    \
  X (sqrtf (fabsf (xf))) X (expf (yf / 10)) X (logf (fabsf (xf) + 1))          \
  X (sinf (xf)) X (cosf (xf)) X (powf (fabsf (xf), 1.5f))                      \
  X (hypotf (xf, yf)) X (floorf (xf)) X (tanhf (xf))

#define INTEGER_FUNCTIONS(X)                                                  \
  X (__builtin_popcount (u)) X (__builtin_popcountll (ul))                     \
  X (__builtin_clz (u | 1)) X (__builtin_clzll (ul | 1))                       \
  X (__builtin_ctz (u | 0x80000000u)) X (__builtin_ctzll (ul | 1ull << 63))    \
  X (__builtin_ffs (u)) X (__builtin_ffsll (ul))

#define COUNT(e) +1
enum
{
  ndouble = 0 DOUBLE_FUNCTIONS (COUNT),
  nfloat = 0 FLOAT_FUNCTIONS (COUNT),
  ninteger = 0 INTEGER_FUNCTIONS (COUNT)
};

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    double x = in[i] - n / 2.0, y = in[i] / 3.0 + 0.25;                       \
    float xf = x, yf = y;                                                     \
    unsigned int u = i * 2654435761u;                                         \
    unsigned long long ul = (unsigned long long) u << 17 | i;                 \
    int k = 0;                                                                \
    DOUBLE_FUNCTIONS (STORE_DOUBLE)                                           \
    k = 0;                                                                    \
    FLOAT_FUNCTIONS (STORE_FLOAT)                                             \
    k = 0;                                                                    \
    INTEGER_FUNCTIONS (STORE_INTEGER)                                         \
  }
#define STORE_DOUBLE(e) d[i * ndouble + k++] = e;
#define STORE_FLOAT(e) f[i * nfloat + k++] = e;
#define STORE_INTEGER(e) z[i * ninteger + k++] = e;
#define PARAMS                                                                \
  (long n, const double in[n], long nd, double d[nd], long nf, float f[nf],  \
   long nz, int z[nz])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 200

static int
differ (double got, double want, double tolerance)
{
  if (isnan (want))
    return !isnan (got);
  return fabs (got - want) > tolerance * (fabs (want) + 1e-300);
}

int
main (void)
{
  static double in[N], d[N * ndouble], dref[N * ndouble];
  static float f[N * nfloat], fref[N * nfloat];
  static int z[N * ninteger], zref[N * ninteger];
  for (int i = 0; i < N; i++)
    in[i] = i * 0.61803398875;
  cuda_launch (kernel, (N + 63) / 64, 64) (N, in, N * ndouble, d, N * nfloat,
                                           f, N * ninteger, z);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, in, N * ndouble, dref, N * nfloat, fref, N * ninteger,
               zref);
  int errors = 0;
  for (int i = 0; i < N * ndouble; i++)
    errors += differ (d[i], dref[i], 1e-13);
  for (int i = 0; i < N * nfloat; i++)
    errors += differ (f[i], fref[i], 1e-5);
  for (int i = 0; i < N * ninteger; i++)
    errors += z[i] != zref[i];
  printf ("math: %d functions, %d errors\n", ndouble + nfloat + ninteger,
          errors);
  return errors != 0;
}

/* { dg-output "math: 50 functions, 0 errors" } */
/* { dg-cudajit-levels all } */
