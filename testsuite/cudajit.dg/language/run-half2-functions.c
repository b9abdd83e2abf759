/* CUDA's __half2 functions on cuda_half2 (cuda_hadd2 for __hadd2...):
   arithmetic, hfma2, negation and absolute value, the ordered
   comparisons, the greater and lesser (the host's checked against CUDA's
   rule), the conversions to and from float and between halves,
   and the half math on each half, in a kernel against the same calls
   on the host, to the bit but for a NaN's, whose sign and payload the
   GPU's arithmetic and the host's differ on (a GPU gives its canonical
   0x7fff).  The inputs include NaNs, infinities, signed zeros and
   subnormals.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 512
#define OUT 26

/* The results of input I, each a cuda_half2.  */
#define BODY                                                                  \
  {                                                                           \
    cuda_half2 x = a[i], y = b[i], z = (cuda_half2) { y[1], x[0] };           \
    cuda_float2 f = cuda_half22float2 (x);                                    \
    cuda_half2 *o = out + i * OUT;                                            \
    o[0] = cuda_hadd2 (x, y);                                                 \
    o[1] = cuda_hsub2 (x, y);                                                 \
    o[2] = cuda_hmul2 (x, y);                                                 \
    o[3] = cuda_h2div (x, y);                                                 \
    o[4] = cuda_hfma2 (x, y, z);                                              \
    o[5] = cuda_hneg2 (x);                                                    \
    o[6] = cuda_habs2 (x);                                                    \
    o[7] = cuda_heq2 (x, y);                                                  \
    o[8] = cuda_hne2 (x, y);                                                  \
    o[9] = cuda_hlt2 (x, y);                                                  \
    o[10] = cuda_hle2 (x, y);                                                 \
    o[11] = cuda_hgt2 (x, y);                                                 \
    o[12] = cuda_hge2 (x, y);                                                 \
    o[13] = cuda_floats2half2_rn (cuda_low2float (x) * 3.0f,                  \
                                  cuda_high2float (y) / 7.0f);                \
    o[14] = cuda_float22half2_rn (f * (cuda_float2) { 0.3f, -1e-6f });        \
    o[15] = cuda_float2half2_rn (f[1] + 1.0f / 3);                            \
    o[16] = cuda_halves2half2 (cuda_high2half (x), cuda_low2half (y));        \
    o[17] = cuda_lowhigh2highlow (x) + cuda_half2half2 (y[1]);                \
    o[18] = cuda_lows2half2 (x, y) - cuda_highs2half2 (x, y);                 \
    o[19] = cuda_h2sqrt (cuda_habs2 (x)) + cuda_h2floor (y);                  \
    o[20] = cuda_h2rint (x) * cuda_h2trunc (y) - cuda_h2ceil (z);             \
    o[21] = cuda_h2exp2 (cuda_h2log2 (cuda_habs2 (y)));                       \
    o[22] = cuda_hmax2 (x, y);                                                \
    o[23] = cuda_hmin2 (x, y);                                                \
    o[24] = cuda_hmax2_nan (x, y);                                            \
    o[25] = cuda_hmin2_nan (x, y);                                            \
  }

__attribute__ ((cuda_jit)) void
kernel (long n, const cuda_half2 a[n], const cuda_half2 b[n],
        cuda_half2 out[n * OUT])
{
  long i = cuda_grid_x ();
  if (i < n)
    BODY
}

static void
host (long n, const cuda_half2 a[n], const cuda_half2 b[n],
      cuda_half2 out[n * OUT], long i)
BODY

/* Whether X and Y are the same half, to the bit, or both a NaN.  */
static int
same_half (_Float16 x, _Float16 y)
{
  return x != x ? y != y : memcmp (&x, &y, sizeof x) == 0;
}

/* Whether GOT is CUDA's __hmax (MAX) or __hmin of X and Y, or their
   _nan forms (NAN): fmaxf or fminf, with +0 above -0, and a NaN where
   both are (any NaN, or one is for the _nan forms).  */
static int
extremum_ok (float x, float y, int max, int nan, _Float16 got)
{
  float g = got;
  if (nan && (x != x || y != y))
    return g != g;
  if (x == 0 && y == 0)
    return g == 0
           && !!__builtin_signbit (g)
                  == (max ? __builtin_signbit (x) && __builtin_signbit (y)
                          : __builtin_signbit (x) || __builtin_signbit (y));
  float want = max ? __builtin_fmaxf (x, y) : __builtin_fminf (x, y);
  return want != want ? g != g : g == want;
}

static _Float16
input (int i)
{
  static const float special[] = { 0.0f, -0.0f, 1.0f / 0.0f, -1.0f / 0.0f,
                                   __builtin_nanf (""), 6e-8f, -3e-5f,
                                   65504.0f, 1.5f, -2.25f };
  int count = sizeof special / sizeof special[0];
  if (i % 3 == 0)
    return (_Float16) special[i / 3 % count];
  return (_Float16) ((i * 7919 % 2001 - 1000) / 37.0f);
}

int
main (void)
{
  static cuda_half2 a[N], b[N], out[N * OUT], want[N * OUT];
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = (cuda_half2) { input (i), input (i + 5) };
      b[i] = (cuda_half2) { input (i * 5 + 1), input (i + 8) };
      host (N, a, b, want, i);
    }
  for (int i = 0; i < N; i++)
    for (int e = 0; e < 2; e++)
      for (int op = 0; op < 4; op++)
        if (!extremum_ok (a[i][e], b[i][e], op % 2 == 0, op >= 2,
                          want[i * OUT + 22 + op][e])
            && errors++ < 10)
          printf ("input %d, element %d: %s%s of %g and %g is %g\n", i, e,
                  op % 2 ? "min" : "max", op >= 2 ? "_nan" : "",
                  (double) a[i][e], (double) b[i][e],
                  (double) want[i * OUT + 22 + op][e]);
  cuda_launch (kernel, N / 64, 64) (N, a, b, out);
  for (int i = 0; i < N * OUT; i++)
    if (!(same_half (out[i][0], want[i][0])
          && same_half (out[i][1], want[i][1]))
        && errors++ < 10)
      printf ("input %d, result %d: %g %g, not %g %g\n", i / OUT, i % OUT,
              (double) out[i][0], (double) out[i][1], (double) want[i][0],
              (double) want[i][1]);
  printf ("half2 functions: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "half2 functions: 0 errors" } */
/* { dg-cudajit-levels all } */
