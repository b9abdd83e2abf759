/* CUDA's __float2half_rn, _rz, _rd and _ru as cuda_float2half_rn and the
   rest, in a kernel, against plain C: GCC's (_Float16) x, which rounds to
   nearest even, stepped one _Float16 toward zero, down or up where it
   passed x the wrong way.  The inputs are every _Float16, the floats just
   beside it, the halfway points between it and the next, and those just
   beside them, past the largest _Float16 and among the subnormals too,
   and floats spread over every exponent; infinities and NaNs.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define HALVES 0x10000
#define NEAR 6
#define SPREAD 0x40000
#define N (HALVES * NEAR + SPREAD)
#define MODES 4

__attribute__ ((cuda_jit)) void
kernel (long n, const float x[n], _Float16 out[n * MODES])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  out[i * MODES] = cuda_float2half_rn (x[i]);
  out[i * MODES + 1] = cuda_float2half_rz (x[i]);
  out[i * MODES + 2] = cuda_float2half_rd (x[i]);
  out[i * MODES + 3] = cuda_float2half_ru (x[i]);
}

static unsigned short
bits_of (_Float16 h)
{
  unsigned short bits;
  memcpy (&bits, &h, sizeof bits);
  return bits;
}

static _Float16
from_bits (unsigned short bits)
{
  _Float16 h;
  memcpy (&h, &bits, sizeof h);
  return h;
}

/* X rounded in MODE (0 to nearest, 1 toward zero, 2 down, 3 up).  */
static unsigned short
rounded (float x, int mode)
{
  _Float16 nearest = (_Float16) x;
  unsigned short bits = bits_of (nearest);
  double exact = x, got = nearest;
  int negative = bits >> 15;
  /* Whether NEAREST, of X's sign, passed X away from zero, or toward.  */
  int above = fabs (got) > fabs (exact), below = fabs (got) < fabs (exact);
  if (isnan (x) || mode == 0)
    return bits;
  if ((mode == 1 && above) || (mode == 2 && (negative ? below : above))
      || (mode == 3 && (negative ? above : below)))
    return above ? bits - 1 : bits + 1;
  return bits;
}

static float
float_from_bits (unsigned int bits)
{
  float f;
  memcpy (&f, &bits, sizeof f);
  return f;
}

int
main (void)
{
  static float x[N];
  static _Float16 out[N * MODES];
  int errors = 0;

  for (int i = 0; i < HALVES; i++)
    {
      float h = (float) from_bits ((unsigned short) i), next;
      unsigned int b;
      if (isnan (h))
        h = float_from_bits (0x7fc00000u ^ (unsigned int) i << 3);
      memcpy (&b, &h, sizeof b);
      /* Beyond the largest _Float16, the next would be 2^16.  */
      next = fabsf (h) == 65504.0f   ? copysignf (65536.0f, h)
             : isinf (h) || isnan (h) ? h
                                      : (float) from_bits ((unsigned short) (i + 1));
      float middle = (h + next) / 2;
      unsigned int m;
      memcpy (&m, &middle, sizeof m);
      x[i * NEAR] = h;
      x[i * NEAR + 1] = float_from_bits (b + 1);
      x[i * NEAR + 2] = float_from_bits (b - 1);
      x[i * NEAR + 3] = middle;
      x[i * NEAR + 4] = float_from_bits (m + 1);
      x[i * NEAR + 5] = float_from_bits (m - 1);
    }
  for (unsigned int i = 0; i < SPREAD; i++)
    x[HALVES * NEAR + i]
        = float_from_bits (i << 14 | (i * 2654435761u >> 18));
  cuda_launch (kernel, (N + 255) / 256, 256) (N, x, out);
  for (int i = 0; i < N; i++)
    for (int mode = 0; mode < MODES; mode++)
      {
        unsigned short got = bits_of (out[i * MODES + mode]);
        unsigned short want = rounded (x[i], mode);
        if (got != want && errors++ < 10)
          printf ("%a in mode %d: %#06x, not %#06x\n", (double) x[i], mode,
                  got, want);
      }
  printf ("half rounding: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "half rounding: 0 errors" } */
/* { dg-cudajit-levels all } */
