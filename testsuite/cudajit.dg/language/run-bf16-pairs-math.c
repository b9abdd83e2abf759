/* cuda_hfma2 and CUDA's h2 math on cuda_bfloat162 (GCC 13 and later):
   hfma2 rounds each a * b + c once, as the exact sum would round, which
   a float fma then a rounding to __bf16 does not (the first inputs are
   such a case: a product halfway between two __bf16s, and a tiny C);
   checked against the sum made in _Float128, where it is exact.  The
   math in a kernel against the same calls on the host: sqrt, rcp,
   rsqrt and the roundings to the bit, the others within a unit in the
   last place, as CUDA's own bf16 math is.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target bf16 } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 1024
#define OUT 16

#define BODY                                                                  \
  {                                                                           \
    cuda_bfloat162 x = a[i], y = b[i], z = c[i];                              \
    cuda_bfloat162 *o = out + i * OUT;                                        \
    cuda_bfloat162 positive = cuda_habs2 (x);                                 \
    o[0] = cuda_hfma2 (x, y, z);                                              \
    o[1] = cuda_h2sqrt (positive);                                            \
    o[2] = cuda_h2rcp (x);                                                    \
    o[3] = cuda_h2rsqrt (positive);                                           \
    o[4] = cuda_h2floor (y);                                                  \
    o[5] = cuda_h2ceil (y);                                                   \
    o[6] = cuda_h2trunc (y);                                                  \
    o[7] = cuda_h2rint (y);                                                   \
    o[8] = cuda_h2exp (y);                                                    \
    o[9] = cuda_h2exp2 (y);                                                   \
    o[10] = cuda_h2exp10 (y);                                                 \
    o[11] = cuda_h2log (positive);                                            \
    o[12] = cuda_h2log2 (positive);                                           \
    o[13] = cuda_h2log10 (positive);                                          \
    o[14] = cuda_h2sin (y);                                                   \
    o[15] = cuda_h2cos (y);                                                   \
  }

/* The results that may differ by a unit in the last place.  */
#define FIRST_APPROXIMATE 8

__attribute__ ((cuda_jit)) void
kernel (long n, const cuda_bfloat162 a[n], const cuda_bfloat162 b[n],
        const cuda_bfloat162 c[n], cuda_bfloat162 out[n * OUT])
{
  long i = cuda_grid_x ();
  if (i < n)
    BODY
}

static void
host (long n, const cuda_bfloat162 a[n], const cuda_bfloat162 b[n],
      const cuda_bfloat162 c[n], cuda_bfloat162 out[n * OUT], long i)
BODY

static unsigned short
bits (__bf16 x)
{
  unsigned short u;
  memcpy (&u, &x, sizeof u);
  return u;
}

/* Whether X and Y are the same __bf16, or both NaNs, or, if APPROXIMATE,
   neighbours of one sign.  */
static int
close_bf16 (__bf16 x, __bf16 y, int approximate)
{
  int distance = bits (x) - bits (y);
  if (x != x || y != y)
    return x != x && y != y;
  return distance == 0
         || (approximate && (distance == 1 || distance == -1)
             && (bits (x) ^ bits (y)) < 0x8000);
}

/* A __bf16 of random-looking bits, its exponent within 2^-20 to 2^20, so
   that _Float128 holds a * b + c exactly.  */
static __bf16
input (unsigned int i)
{
  unsigned int h = i * 2654435761u;
  unsigned short u = (unsigned short) ((h >> 16 & 0x807f)
                                       | ((127 - 20 + (h >> 8) % 41) << 7));
  __bf16 x;
  memcpy (&x, &u, sizeof x);
  return x;
}

int
main (void)
{
  static cuda_bfloat162 a[N], b[N], c[N], out[N * OUT], want[N * OUT];
  int errors = 0;

  /* 3 * (1 + 2^-7) is halfway between 3 + 2^-6 and 3 + 2^-5; less a
     tiny C it rounds down, which double rounding would not.  */
  a[0] = (cuda_bfloat162) { 3, 3 };
  b[0] = (cuda_bfloat162) { 1 + 0x1p-7, 1 + 0x1p-7 };
  c[0] = (cuda_bfloat162) { -0x1p-60, 0x1p-60 };
  for (int i = 1; i < N; i++)
    {
      a[i] = (cuda_bfloat162) { input (3 * i), input (3 * i + 3 * N) };
      b[i] = (cuda_bfloat162) { input (3 * i + 1), input (3 * i + 1 + 3 * N) };
      /* Near half a unit of the product's last place, or anything.  */
      c[i] = i % 2 ? (cuda_bfloat162) { (__bf16) ((float) a[i][0] * b[i][0]
                                                  * 0x1p-9f * (i % 7 - 3)),
                                        input (3 * i + 2 + 3 * N) }
                   : (cuda_bfloat162) { input (3 * i + 2),
                                        input (3 * i + 2 + 3 * N) };
    }
  for (int i = 0; i < N; i++)
    host (N, a, b, c, want, i);
  cuda_launch (kernel, N / 64, 64) (N, a, b, c, out);

  for (int i = 0; i < N; i++)
    for (int e = 0; e < 2; e++)
      {
        __bf16 exact = (__bf16) ((_Float128) a[i][e] * b[i][e] + c[i][e]);
        if (!close_bf16 (want[i * OUT][e], exact, 0) && errors++ < 10)
          printf ("hfma2 (%g, %g, %g): %g, not %g\n", (double) a[i][e],
                  (double) b[i][e], (double) c[i][e],
                  (double) want[i * OUT][e], (double) exact);
      }
  for (int i = 0; i < N * OUT; i++)
    for (int e = 0; e < 2; e++)
      if (!close_bf16 (out[i][e], want[i][e], i % OUT >= FIRST_APPROXIMATE)
          && errors++ < 10)
        printf ("input %d, result %d: %g, not %g\n", i / OUT, i % OUT,
                (double) out[i][e], (double) want[i][e]);
  printf ("bf16 pair math: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "bf16 pair math: 0 errors" } */
/* { dg-cudajit-levels all } */
