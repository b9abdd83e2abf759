/* cuda_fp8_e4m3 and cuda_fp8_e5m2, CUDA's __nv_fp8_e4m3 and
   __nv_fp8_e5m2, as storage: their conversions from float, rounded to
   nearest even and saturated as __nv_cvt_float_to_fp8 with
   __NV_SATFINITE, and back, in a kernel, against the formats' values
   computed in plain C and the nearest of them picked there.  The inputs
   are every 8-bit value, the floats beside it, the halfway points
   between it and the next and the floats beside those, past the largest
   value and among the subnormals too, floats spread over every exponent,
   infinities and NaNs.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define CODES 256
#define NEAR 6
#define SPREAD 0x20000
#define N (CODES * NEAR * 2 + SPREAD)

__attribute__ ((cuda_jit)) void
kernel (long n, const float x[n], cuda_fp8_e4m3 e4m3[n],
        cuda_fp8_e5m2 e5m2[n], float back[CODES * 2])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  e4m3[i] = cuda_float_to_fp8_e4m3 (x[i]);
  e5m2[i] = cuda_float_to_fp8_e5m2 (x[i]);
  if (i < CODES)
    {
      cuda_fp8_e4m3 a = { (unsigned char) i };
      cuda_fp8_e5m2 b = { (unsigned char) i };
      back[i] = cuda_fp8_e4m3_to_float (a);
      back[CODES + i] = cuda_fp8_e5m2_to_float (b);
    }
}

/* A format: its bits of exponent and mantissa, whether its largest
   exponent is infinity's, its largest finite value's bits.  */
struct format
{
  int exp_bits, man_bits, infinity;
  unsigned int largest;
};

static const struct format formats[2] = { { 4, 3, 0, 0x7e }, { 5, 2, 1, 0x7b } };

static int
is_nan (const struct format *f, unsigned int code)
{
  unsigned int top = (1u << f->exp_bits) - 1;
  if (!f->infinity)
    return (code & 0x7f) == 0x7f;
  return (code >> f->man_bits & top) == top && (code & ((1u << f->man_bits) - 1));
}

/* The value of CODE, as the format defines it.  */
static double
value (const struct format *f, unsigned int code)
{
  int bias = (1 << (f->exp_bits - 1)) - 1;
  unsigned int exponent = code >> f->man_bits & ((1u << f->exp_bits) - 1);
  unsigned int mantissa = code & ((1u << f->man_bits) - 1);
  double v;
  if (is_nan (f, code))
    return NAN;
  if (f->infinity && exponent == (1u << f->exp_bits) - 1)
    v = INFINITY;
  else if (exponent == 0)
    v = ldexp (mantissa, 1 - bias - f->man_bits);
  else
    v = ldexp (1 + ldexp (mantissa, -f->man_bits), (int) exponent - bias);
  return code & 0x80 ? -v : v;
}

/* X's code: the nearest finite value, the even code of two as near, the
   largest past it; a NaN 0x7f.  */
static unsigned int
nearest (const struct format *f, float x)
{
  unsigned int best = 0;
  double a = fabs ((double) x);
  if (isnan (x))
    return 0x7f;
  if (a > value (f, f->largest))
    best = f->largest;
  else
    for (unsigned int c = 1; c <= f->largest; c++)
      {
        double d = fabs (value (f, c) - a), e = fabs (value (f, best) - a);
        if (d < e || (d == e && !(c & 1)))
          best = c;
      }
  return (signbit (x) ? 0x80 : 0) | best;
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
  static float x[N], back[CODES * 2];
  static cuda_fp8_e4m3 e4m3[N];
  static cuda_fp8_e5m2 e5m2[N];
  int errors = 0;

  for (int k = 0; k < 2; k++)
    for (unsigned int c = 0; c < CODES; c++)
      {
        float v = (float) value (&formats[k], c), middle;
        unsigned int b, m;
        float *near = x + (k * CODES + c) * NEAR;
        if (isnan (v) || isinf (v))
          v = isnan (v) ? float_from_bits (0x7fc00000u | c << 8) : v;
        /* Halfway to the next code's value; past the largest, to where
           the next exponent would start.  */
        middle = (c & 0x7f) == formats[k].largest
                     ? (float) (value (&formats[k], c) * (1 + ldexp (1, -formats[k].man_bits - 1)))
                     : (float) ((value (&formats[k], c) + value (&formats[k], c + 1)) / 2);
        if (isnan (middle))
          middle = v;
        memcpy (&b, &v, sizeof b);
        memcpy (&m, &middle, sizeof m);
        near[0] = v;
        near[1] = float_from_bits (b + 1);
        near[2] = float_from_bits (b - 1);
        near[3] = middle;
        near[4] = float_from_bits (m + 1);
        near[5] = float_from_bits (m - 1);
      }
  for (unsigned int i = 0; i < SPREAD; i++)
    x[CODES * NEAR * 2 + i]
        = float_from_bits (i << 15 | (i * 2654435761u >> 17));
  cuda_launch (kernel, (N + 255) / 256, 256) (N, x, e4m3, e5m2, back);
  for (int i = 0; i < N; i++)
    {
      unsigned int want4 = nearest (&formats[0], x[i]);
      unsigned int want5 = nearest (&formats[1], x[i]);
      if ((e4m3[i].bits != want4 || e5m2[i].bits != want5) && errors++ < 10)
        printf ("%a: %#04x %#04x, not %#04x %#04x\n", (double) x[i],
                e4m3[i].bits, e5m2[i].bits, want4, want5);
    }
  for (int k = 0; k < 2; k++)
    for (unsigned int c = 0; c < CODES; c++)
      {
        double want = value (&formats[k], c);
        float got = back[k * CODES + c];
        if ((isnan (want) ? !isnan (got)
                          : got != want || !signbit (got) != !signbit (want))
            && errors++ < 10)
          printf ("format %d, %#04x: %a, not %a\n", k, c, (double) got, want);
      }
  printf ("fp8: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "fp8: 0 errors" } */
/* { dg-cudajit-levels all } */
