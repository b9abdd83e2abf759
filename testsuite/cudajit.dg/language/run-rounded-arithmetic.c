/* CUDA's arithmetic in each rounding mode, in a kernel, against the exact
   result rounded on the host: computed in _Float128, where sums,
   differences, products and fused multiply-adds of operands of like
   magnitudes are exact, and quotients and square roots, rounded to 113
   bits, lie no closer to a double than they would need to for that
   rounding to decide which of two doubles is nearer, then rounded to
   float or double in the mode by a step of nextafter.  The bits must be
   the same.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -lm" } */

#define _GNU_SOURCE
#include <cudajit.h>
#include <math.h>
#include <stdio.h>

enum
{
  RN,
  RZ,
  RU,
  RD,
  MODES
};

/* Each operation in the four modes, as the kernel's expressions of X, Y,
   Z (double) or XF, YF, ZF (float), and the host's exact value.  */
#define FUNCTIONS(F)                                                          \
  F (fadd, (xf, yf), (Q) xf + yf, float)                                      \
  F (fsub, (xf, yf), (Q) xf - yf, float)                                      \
  F (fmul, (xf, yf), (Q) xf * yf, float)                                      \
  F (fdiv, (xf, yf), (Q) xf / yf, float)                                      \
  F (fmaf, (xf, yf, zf), (Q) xf * yf + zf, float)                             \
  F (frcp, (xf), 1 / (Q) xf, float)                                           \
  F (fsqrt, (fabsf (xf)), sqrtf128 (fabsf (xf)), float)                       \
  F (dadd, (x, y), (Q) x + y, double)                                         \
  F (dsub, (x, y), (Q) x - y, double)                                         \
  F (dmul, (x, y), (Q) x * y, double)                                         \
  F (ddiv, (x, y), (Q) x / y, double)                                         \
  F (fma, (x, y, z), (Q) x * y + z, double)                                   \
  F (drcp, (x), 1 / (Q) x, double)                                            \
  F (dsqrt, (fabs (x)), sqrtf128 (fabs (x)), double)

typedef _Float128 Q;

#define KERNEL_RESULTS(name, args, exact, type)                               \
  cuda_##name##_rn args, cuda_##name##_rz args, cuda_##name##_ru args,        \
      cuda_##name##_rd args,
#define HOST_RESULTS(name, args, exact, type)                                 \
  ROUNDED (exact, type, RN), ROUNDED (exact, type, RZ),                       \
      ROUNDED (exact, type, RU), ROUNDED (exact, type, RD),
#define COUNT(name, args, exact, type) +MODES

enum
{
  NRESULTS = 0 FUNCTIONS (COUNT),
  N = 500
};

/* E rounded to TYPE in MODE.  */
#define ROUNDED(e, type, mode)                                                \
  _Generic ((type) 0, float: round_float, double: round_double) (e, mode)

static double
round_double (Q exact, int mode)
{
  double nearest = (double) exact;
  if (mode == RN || (Q) nearest == exact)
    return nearest;
  if (mode == RU || (mode == RZ && exact < 0))
    return (Q) nearest > exact ? nearest : nextafter (nearest, INFINITY);
  return (Q) nearest < exact ? nearest : nextafter (nearest, -INFINITY);
}

static float
round_float (Q exact, int mode)
{
  float nearest = (float) exact;
  if (mode == RN || (Q) nearest == exact)
    return nearest;
  if (mode == RU || (mode == RZ && exact < 0))
    return (Q) nearest > exact ? nearest : nextafterf (nearest, INFINITY);
  return (Q) nearest < exact ? nearest : nextafterf (nearest, -INFINITY);
}

/* Operand I of the three, of both signs within a factor of 2^12 of each
   other, whose low bits are all used: made on the host, where a GPU's
   compiler cannot contract their multiplications and additions into
   fused ones, which would change their low bits.  */
enum
{
  X,
  Y,
  Z,
  OPERANDS
};

static void
make_operands (long i, double operand[OPERANDS])
{
  operand[X] = (i - N / 2 + 0.5) * 1.6180339887498949 / 7;
  operand[Y] = 1 / (operand[X] * 3.1415926535897931 + 0.7);
  operand[Z] = operand[X] * 2.7182818284590451 + operand[Y];
}

#define OPERANDS_OF(v)                                                        \
  double x = (v)[X], y = (v)[Y], z = (v)[Z];                                  \
  float xf = x, yf = (float) y * 1.41421356f, zf = z

__attribute__ ((cuda_jit)) void
kernel (long n, const double in[n][OPERANDS], double out[n][NRESULTS])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  OPERANDS_OF (in[i]);
  double results[] = { FUNCTIONS (KERNEL_RESULTS) };
  for (int k = 0; k < NRESULTS; k++)
    out[i][k] = results[k];
}

int
main (void)
{
  static double in[N][OPERANDS], out[N][NRESULTS];
  static const char *const names[] = {
#define NAME(name, args, exact, type) #name,
    FUNCTIONS (NAME)
  };
  int errors = 0;

  for (long i = 0; i < N; i++)
    make_operands (i, in[i]);
  cuda_launch (kernel, (N + 127) / 128, 128) (N, in, out);
  for (long i = 0; i < N; i++)
    {
      OPERANDS_OF (in[i]);
      double want[] = { FUNCTIONS (HOST_RESULTS) };
      for (int k = 0; k < NRESULTS; k++)
        if (out[i][k] != want[k] && errors++ < 10)
          printf ("%s_%s (%a, %a, %a): %a, not %a\n", names[k / MODES],
                  (const char *[]){ "rn", "rz", "ru", "rd" }[k % MODES], x, y,
                  z, out[i][k], want[k]);
    }
  printf ("rounded arithmetic: %d results, %d errors\n", NRESULTS, errors);
  return errors != 0;
}

/* { dg-output "rounded arithmetic: 56 results, 0 errors" } */
/* { dg-cudajit-levels all } */
