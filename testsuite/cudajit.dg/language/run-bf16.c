/* __bf16 in kernels (GCC 13 and later), CUDA's __nv_bfloat16 and Numba's
   bfloat16: parameters, a structure's fields, shared memory, arithmetic,
   comparisons, increments, constants, and conversions to and from float,
   double and integers, rounded to nearest even, in a kernel against the
   same code on the host, to the bit.  The inputs include floats halfway
   between two __bf16 and doubles just beside such a float, which a
   double rounding through float would get wrong.  */
/* { dg-do run } */
/* { dg-require-effective-target bf16 } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 256
#define OUT 7

struct pair
{
  __bf16 scale;
  short offset;
  __bf16 limit;
};

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    __bf16 h = x[i], g = x[(i + 1) % n];                                      \
    __bf16 t = h * p.scale + (__bf16) 1.5f;                                   \
    t -= g / (__bf16) 3;                                                      \
    t = -t;                                                                   \
    if (t < h && g != h)                                                      \
      t += (__bf16) fabsf (h);                                                \
    h++;                                                                      \
    --g;                                                                      \
    t = t > p.limit ? p.limit : t;                                            \
    int k = t;                                                                \
    long l = (long) g * p.offset;                                             \
    y[i * OUT + 0] = t;                                                       \
    y[i * OUT + 1] = (__bf16) k + (__bf16) l;                                 \
    y[i * OUT + 2] = (__bf16) f[i];                                           \
    y[i * OUT + 3] = (__bf16) d[i];                                           \
    y[i * OUT + 4] = (__bf16) (int) (i * 1000003) + (__bf16) (i << 20);       \
    y[i * OUT + 5] = (__bf16) (float) h * (__bf16) 0.1 - (__bf16) (double) g; \
    y[i * OUT + 6] = isnan (t * (__bf16) __builtin_inff ())                   \
                     + 2 * !!signbit (t) + 4 * (t == g) + 8 * (t >= g);      \
  }

#define PARAMS                                                                \
  (int n, const __bf16 x[n], const float f[n], const double d[n], int m,      \
   __bf16 y[m], struct pair p)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

/* Through shared memory, and to and from a kernel's own __bf16
   parameter.  */
__attribute__ ((cuda_jit)) void
reverse (int n, __bf16 a[n], __bf16 bias)
{
  static __attribute__ ((cuda_shared)) __bf16 tile[N];
  long i = cuda_grid_x ();
  tile[i] = a[i];
  cuda_syncthreads ();
  a[i] = tile[n - 1 - i] + bias;
}

/* { dg-final { scan-cuda "const cudajit_bf16 \\*(_cjRestrict )?x" } } */
/* { dg-final { scan-cuda "cudajit_double_to_bf16 \\(" } } */

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

int
main (void)
{
  static __bf16 x[N], y[N * OUT], expected[N * OUT], a[N];
  static float f[N];
  static double d[N];
  unsigned int seed = 12345;
  for (int i = 0; i < N; i++)
    {
      x[i] = (__bf16) ((i % 37) * 0.375f - 5 + i / 64.0f);
      a[i] = (__bf16) (i * 0.5f);
      seed = seed * 1103515245u + 12345u;
      /* Every fourth float is halfway between two __bf16.  */
      unsigned int bits = i % 4 ? seed : (seed & 0xffff0000u) | 0x8000u;
      memcpy (&f[i], &bits, sizeof bits);
      if (isnan (f[i]))
        f[i] = (float) i;
      /* A float halfway between two __bf16, and a double just above or
         below it.  */
      float half_way;
      unsigned int hw = (seed & 0x3fff0000u) | 0x8000u;
      memcpy (&half_way, &hw, sizeof hw);
      d[i] = (double) half_way * (1 + (i % 2 ? 0x1p-40 : -0x1p-40));
    }
  struct pair p = { (__bf16) 1.75, 3, (__bf16) 40 };
  cuda_launch (kernel, N / 32, 32) (N, x, f, d, N * OUT, y, p);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, x, f, d, N * OUT, expected, p);
  int bad = 0;
  for (int i = 0; i < N * OUT; i++)
    if (memcmp (&y[i], &expected[i], sizeof y[i]) != 0
        && !(isnan (y[i]) && isnan (expected[i])) && bad++ < 10)
      printf ("y[%d] = %a, expected %a\n", i, (double) y[i],
              (double) expected[i]);

  cuda_launch (reverse, 1, N) (N, a, (__bf16) 0.25);
  for (int i = 0; i < N; i++)
    if (a[i] != (__bf16) ((N - 1 - i) * 0.5f + 0.25f) && bad++ < 10)
      printf ("a[%d] = %a\n", i, (double) a[i]);

  printf ("bf16: %d wrong\n", bad);
  return bad != 0;
}
/* { dg-cudajit-levels all } */
