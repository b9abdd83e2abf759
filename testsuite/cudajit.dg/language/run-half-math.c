/* Numba's cuda.fp16 math on _Float16 in a kernel, against the functions
   computed in double on the host: each within 1 ulp of _Float16 of the
   exact value, on the intervals where the results are finite, and the
   rounding functions and cuda_hfma to the bit, a * b + c rounded once to _Float16 from its
   exact value, which double holds for the operands chosen here; the
   last case tells a fused result from a product rounded before its
   sum.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall -lm" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

/* Each function of X in [-8, 8], as the kernel's expression, the host's
   in double, and how many ulps of _Float16 they may differ by: none for
   the rounding functions and cuda_hfma, whose host results are rounded
   once from exact values.  */
#define FUNCTIONS(F)                                                          \
  F (cuda_hrcp (h (x * 12 + 0.5)), 1 / (double) h (x * 12 + 0.5), 1)          \
  F (cuda_hrsqrt (h (x * x * 10 + 0.01)),                                     \
     1 / sqrt ((double) h (x * x * 10 + 0.01)), 1)                            \
  F (cuda_hsqrt (h (x * x * 10 + 0.01)), sqrt ((double) h (x * x * 10 + 0.01)), \
     1)                                                                       \
  F (cuda_hexp (h (x * 1.3)), exp ((double) h (x * 1.3)), 1)                  \
  F (cuda_hexp2 (h (x * 1.9)), exp2 ((double) h (x * 1.9)), 1)                \
  F (cuda_hexp10 (h (x / 2)), pow (10, (double) h (x / 2)), 1)                \
  F (cuda_hlog (h (x * x * 100 + 0.001)),                                     \
     log ((double) h (x * x * 100 + 0.001)), 1)                               \
  F (cuda_hlog2 (h (x * x * 100 + 0.001)),                                    \
     log2 ((double) h (x * x * 100 + 0.001)), 1)                              \
  F (cuda_hlog10 (h (x * x * 100 + 0.001)),                                   \
     log10 ((double) h (x * x * 100 + 0.001)), 1)                             \
  F (cuda_hsin (h (x * 4)), sin ((double) h (x * 4)), 1)                      \
  F (cuda_hcos (h (x * 4)), cos ((double) h (x * 4)), 1)                      \
  F (cuda_hfloor (h (x * 3.3)), floor ((double) h (x * 3.3)), 0)              \
  F (cuda_hceil (h (x * 3.3)), ceil ((double) h (x * 3.3)), 0)                \
  F (cuda_htrunc (h (x * 3.3)), trunc ((double) h (x * 3.3)), 0)              \
  F (cuda_hrint (h (x * 3.3)), rint ((double) h (x * 3.3)), 0)                \
  F (cuda_hfma (h (x), h (x + 0.25), h (3 - x)),                              \
     h ((double) h (x) * (double) h (x + 0.25) + (double) h (3 - x)), 0)

#define KERNEL_RESULT(got, want, ulps) got,
#define HOST_RESULT(got, want, ulps) want,
#define ULPS(got, want, ulps) ulps,
#define COUNT(got, want, ulps) +1

enum
{
  NFUNCTIONS = 0 FUNCTIONS (COUNT),
  N = 401
};

static _Float16
h (double x)
{
  return (_Float16) x;
}

__attribute__ ((cuda_jit)) void
kernel (long n, const double in[n], _Float16 out[n][NFUNCTIONS],
        const _Float16 fused[3], _Float16 fused_out[1])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  double x = in[i];
  _Float16 r[] = { FUNCTIONS (KERNEL_RESULT) };
  for (int k = 0; k < NFUNCTIONS; k++)
    out[i][k] = r[k];
  if (i == 0)
    fused_out[0] = cuda_hfma (fused[0], fused[1], fused[2]);
}

/* The spacing of _Float16 at X: 2^-24 among the subnormals.  */
static double
half_ulp (double x)
{
  int e;
  frexp (x, &e);
  return ldexp (1, (e - 1 > -14 ? e - 1 : -14) - 10);
}

int
main (void)
{
  static double in[N];
  static _Float16 out[N][NFUNCTIONS];
  static const int ulps[] = { FUNCTIONS (ULPS) };
  /* (1 + 2^-10)^2 - (1 + 2^-9) is 2^-20, which a product rounded to
     _Float16 first loses.  */
  static const _Float16 fused[3] = { 1 + 0x1p-10, 1 + 0x1p-10, -1 - 0x1p-9 };
  _Float16 fused_out[1];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = -8 + 16.0 * i / (N - 1);
  cuda_launch (kernel, (N + 127) / 128, 128) (N, in, out, fused, fused_out);
  for (int i = 0; i < N; i++)
    {
      double x = in[i];
      double want[] = { FUNCTIONS (HOST_RESULT) };
      for (int k = 0; k < NFUNCTIONS; k++)
        {
          double got = out[i][k];
          double step
            = ulps[k] * half_ulp (fmax (fabs (got), fabs (want[k])));
          if (!(fabs (got - want[k]) <= step) && errors++ < 10)
            printf ("function %d at %g: %.9g, not %.9g\n", k, x, got,
                    want[k]);
        }
    }
  if ((double) fused_out[0] != 0x1p-20 && errors++ < 10)
    printf ("cuda_hfma not fused: %.9g, not %.9g\n", (double) fused_out[0],
            0x1p-20);
  printf ("half math: %d functions, %d errors\n", NFUNCTIONS, errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
