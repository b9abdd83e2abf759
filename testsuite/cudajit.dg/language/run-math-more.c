/* The <math.h> functions that kernels call since issue 16, those with
   pointer results among them, and the builtins of GNU C for bytes and
   memory, in a kernel against the same code on the host: the GPU's math
   functions may differ in the last bits, the integer ones not at all.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -D_GNU_SOURCE -lm" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define DOUBLE_FUNCTIONS(X)                                                   \
  X ((t = frexp (x, &e), t + e)) X ((t = modf (x, &part), t + 8 * part))      \
  X (ilogb (x + 0.5)) X (logb (x + 0.5)) X (exp10 (y / 8))                     \
  X ((t = remquo (x, y + 1, &e), t + 16 * (e & 7)))                           \
  X ((sincos (x, &s, &c), s + 4 * c)) X (nextafter (x, 0) - x)                \
  X (scalbln (x, 3L)) X (j0 (y)) X (j1 (y)) X (jn (2, y)) X (y0 (y + 1))     \
  X (y1 (y + 1)) X (yn (2, y + 1)) X (isnan (nan ("")))

#define FLOAT_FUNCTIONS(X)                                                    \
  X ((tf = frexpf (xf, &e), tf + e)) X ((tf = modff (xf, &partf), tf + 8 * partf)) \
  X (ilogbf (xf + 0.5f)) X (logbf (xf + 0.5f)) X (exp10f (yf / 8))            \
  X ((tf = remquof (xf, yf + 1, &e), tf + 16 * (e & 7)))                      \
  X ((sincosf (xf, &sf, &cf), sf + 4 * cf)) X (nextafterf (xf, 0) - xf)       \
  X (scalblnf (xf, 3L)) X (j0f (yf)) X (y1f (yf + 1))

#define INTEGER_FUNCTIONS(X)                                                  \
  X (__builtin_bswap16 (u)) X (__builtin_bswap32 (u))                          \
  X ((int) (__builtin_bswap64 (ul) >> 29)) X (__builtin_parity (u))           \
  X (__builtin_parityl (ul)) X (__builtin_parityll (ul))                      \
  X (__builtin_popcountl (ul)) X (__builtin_clzl (ul | 1))                    \
  X (__builtin_ctzl (ul | 1ull << 63)) X (__builtin_ffsl (ul))                \
  X (__builtin_expect (u & 1, 0)) X (memory (u, i))

#define COUNT(e) +1
enum
{
  ndouble = 0 DOUBLE_FUNCTIONS (COUNT),
  nfloat = 0 FLOAT_FUNCTIONS (COUNT),
  ninteger = 0 INTEGER_FUNCTIONS (COUNT)
};

/* memcpy, memset, memmove (overlapping both ways) and memcmp, with sizes
   constant and from the thread's index.  */
static int
memory (unsigned int u, long i)
{
  unsigned char bytes[32], other[32];
  int size = 1 + i % 16;
  memset (bytes, (int) (u & 0xff), sizeof bytes);
  memset (other, 0, sizeof other);
  memset (other, 0x5a, size);
  memcpy (other + 4, &u, sizeof u);
  memcpy (bytes, other, size);
  memmove (bytes + 1, bytes, size);
  memmove (other, other + 2, 12);
  if (size > 16)
    __builtin_unreachable ();
  /* Only the sign of memcmp is C's.  */
  int order = memcmp (bytes, other, size);
  int sum = ((order > 0) - (order < 0)) * 1000 + memcmp (bytes, bytes, size);
  for (int k = 0; k < 32; k++)
    sum += bytes[k] * (k + 1) + other[k % 16] * 3;
  return sum;
}

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    double x = in[i] - n / 2.0, y = in[i] / 3.0 + 0.25, part, s, c, t;        \
    float xf = x, yf = y, partf, sf, cf, tf;                                  \
    int e;                                                                    \
    unsigned int u = i * 2654435761u;                                         \
    unsigned long ul = (unsigned long) u << 17 | i;                           \
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
  /* Relative, but absolute near 0, where the Bessel functions have their
     roots.  */
  return fabs (got - want) > tolerance * (fabs (want) + 1);
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
    errors += differ (d[i], dref[i], 1e-12);
  for (int i = 0; i < N * nfloat; i++)
    errors += differ (f[i], fref[i], 1e-5);
  for (int i = 0; i < N * ninteger; i++)
    errors += z[i] != zref[i];
  printf ("math: %d functions, %d errors\n", ndouble + nfloat + ninteger,
          errors);
  return errors != 0;
}

/* { dg-output "math: 39 functions, 0 errors" } */
/* { dg-cudajit-levels all } */
