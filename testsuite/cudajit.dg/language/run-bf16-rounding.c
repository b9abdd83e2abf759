/* CUDA's __float2bfloat16_rn, _rz, _rd and _ru as cuda_float2bfloat16_rn
   and the rest (GCC 13 and later), in a kernel, against plain C: GCC's
   (__bf16) x, which rounds to nearest even, stepped one __bf16 toward
   zero, down or up where it passed x the wrong way.  The inputs are every
   __bf16, the floats just beside it, the halfway points between it and
   the next, and those just beside them, past the largest __bf16 and among
   the subnormals too, and floats spread over every exponent; infinities
   and NaNs.  As run-half-rounding.c for __bf16.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target bf16 } */

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
kernel (long n, const float x[n], __bf16 out[n * MODES])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  out[i * MODES] = cuda_float2bfloat16_rn (x[i]);
  out[i * MODES + 1] = cuda_float2bfloat16_rz (x[i]);
  out[i * MODES + 2] = cuda_float2bfloat16_rd (x[i]);
  out[i * MODES + 3] = cuda_float2bfloat16_ru (x[i]);
}

static unsigned short
bits_of (__bf16 h)
{
  unsigned short bits;
  memcpy (&bits, &h, sizeof bits);
  return bits;
}

static __bf16
from_bits (unsigned short bits)
{
  __bf16 h;
  memcpy (&h, &bits, sizeof h);
  return h;
}

/* X rounded in MODE (0 to nearest, 1 toward zero, 2 down, 3 up).  */
static unsigned short
rounded (float x, int mode)
{
  __bf16 nearest = (__bf16) x;
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
  static __bf16 out[N * MODES];
  int errors = 0;

  for (int i = 0; i < HALVES; i++)
    {
      float h = (float) from_bits ((unsigned short) i);
      unsigned int b;
      if (isnan (h))
        h = float_from_bits (0x7fc00000u ^ (unsigned int) i << 3);
      memcpy (&b, &h, sizeof b);
      /* Halfway to the next __bf16, past the largest too: half its last
         place, in float's bits beyond it.  */
      unsigned int m = b + 0x8000;
      float middle = float_from_bits (m);
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
  printf ("bf16 rounding: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "bf16 rounding: 0 errors" } */
/* { dg-cudajit-levels all } */
