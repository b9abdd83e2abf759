/* _Complex double and _Complex float in kernels: parameters, locals,
   arrays, structures, device functions, the operators and the functions
   of <complex.h>, against the same code on the host.  The GPU's math
   functions and contractions may differ in the last bits.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -lm" } */

#include <complex.h>
#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#define DOUBLE_FUNCTIONS(X)                                                   \
  X (z + w) X (z - w) X (z * w) X (z / w) X (-z) X (~z) X (conj (w))           \
  X (z * 2.5 + 1) X (3 / w) X (z * I) X (CMPLX (creal (w), cimag (z)))         \
  X (cabs (z)) X (carg (z)) X (cexp (z / 4)) X (clog (z)) X (csqrt (z))        \
  X (csqrt (-w)) X (cpow (w, z / 8)) X (csin (z / 4)) X (ccos (z / 4))         \
  X (ctan (z / 4)) X (csinh (z / 4)) X (ccosh (z / 4)) X (ctanh (z / 4))       \
  X (casin (z / 8)) X (cacos (z / 8)) X (catan (z / 8)) X (casinh (z))         \
  X (cacosh (z)) X (catanh (z / 8)) X (cproj (z)) X (z == w) X (z != z)        \
  X (square (z)) X (p.scale * p.shift)

#define FLOAT_FUNCTIONS(X)                                                    \
  X (zf + wf) X (zf * wf) X (zf / wf) X (cabsf (zf)) X (cexpf (zf / 4))       \
  X (csqrtf (zf)) X (clogf (wf)) X (csinf (zf / 4)) X (zf * (float) i)         \
  X (conjf (zf) + 2.0f * I) X (cpowf (wf, 0.5f))

struct pair
{
  _Complex double scale;
  int k;
  _Complex float shift;
};

static _Complex double
square (_Complex double z)
{
  return z * z;
}

#define COUNT(e) +1
enum
{
  ndouble = 0 DOUBLE_FUNCTIONS (COUNT),
  nfloat = 0 FLOAT_FUNCTIONS (COUNT)
};

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    _Complex double z = in[i] - n / 2.0, w = in[n - 1 - i] / 3 + 0.25i;      \
    _Complex float zf = z, wf;                                                \
    __real__ wf = creal (w);                                                  \
    __imag__ wf = -cimag (w);                                                 \
    struct pair p = { z, 1, wf };                                             \
    p.shift += shift;                                                         \
    _Complex double t[3] = { z, I };                                          \
    z += t[1] + t[2];                                                         \
    int k = 0;                                                                \
    DOUBLE_FUNCTIONS (STORE_DOUBLE)                                           \
    k = 0;                                                                    \
    FLOAT_FUNCTIONS (STORE_FLOAT)                                             \
  }
#define STORE_DOUBLE(e) d[i][k++] = e;
#define STORE_FLOAT(e) f[i][k++] = e;
#define PARAMS                                                                \
  (long n, const _Complex double in[n], _Complex float shift,                 \
   _Complex double d[n][ndouble], _Complex float f[n][nfloat])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 100

static int
differ (_Complex double got, _Complex double want, double tolerance)
{
  double a = cabs (want);
  if (isnan (creal (want)) || isnan (cimag (want)))
    return !(isnan (creal (got)) || isnan (cimag (got)));
  if (isinf (creal (want)) || isinf (cimag (want)))
    return got != want;
  return cabs (got - want) > tolerance * (a + 1e-300);
}

int
main (void)
{
  static _Complex double in[N], d[N][ndouble], dref[N][ndouble];
  static _Complex float f[N][nfloat], fref[N][nfloat];
  _Complex float shift = 0.5f - 0.25if;
  for (int i = 0; i < N; i++)
    in[i] = CMPLX (i * 0.61803398875, (i % 7) - 3.5);
  cuda_launch (kernel, (N + 31) / 32, 32) (N, in, shift, d, f);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, in, shift, dref, fref);
  int errors = 0;
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < ndouble; k++)
        if (differ (d[i][k], dref[i][k], 1e-12))
          {
            if (errors++ < 10)
              printf ("double %d of %d: %g%+gi, not %g%+gi\n", k, i,
                      creal (d[i][k]), cimag (d[i][k]), creal (dref[i][k]),
                      cimag (dref[i][k]));
          }
      for (int k = 0; k < nfloat; k++)
        if (differ (f[i][k], fref[i][k], 1e-5))
          {
            if (errors++ < 10)
              printf ("float %d of %d: %g%+gi, not %g%+gi\n", k, i,
                      creal (f[i][k]), cimag (f[i][k]), creal (fref[i][k]),
                      cimag (fref[i][k]));
          }
    }
  printf ("complex: %d expressions, %d errors\n", ndouble + nfloat, errors);
  return errors != 0;
}

/* { dg-output "complex: 46 expressions, 0 errors" } */
/* { dg-cudajit-levels all } */
