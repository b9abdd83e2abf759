/* _Float16 in kernels, Numba's float16: parameters, pointers, shared and
   __constant__ arrays, a structure's fields, arithmetic, comparisons,
   increments, conversions to and from every kind of type, constants,
   classification, and math computed in float, in a kernel against the
   same code on the host.  The GPU's float math may differ from glibc's
   in the last bit of a float, which can move a _Float16 by one step.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall -lm" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#define N 128

struct pair
{
  _Float16 scale;
  short offset;
  _Float16 limit;
};

static const _Float16 table[4] = { 0.5, -1.25, 65504, 0x1p-24 };

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    _Float16 h = x[i], g = x[(i + 1) % n];                                    \
    _Float16 t = h * p.scale + (_Float16) 1.5f;                               \
    t -= g / (_Float16) 3;                                                    \
    t = -t;                                                                   \
    if (t < h && g != h)                                                      \
      t += (_Float16) sqrtf (fabsf (h));                                      \
    h++;                                                                      \
    --g;                                                                      \
    t = t > p.limit ? p.limit : t;                                            \
    int k = t;                                                                \
    /* Through int: a float beyond unsigned char is undefined, and the GPU   \
       saturates where x86 wraps.  */                                        \
    unsigned char c = (unsigned char) (int) (h * (_Float16) 4);               \
    double d = (double) t * 1.0000001;                                        \
    long l = (long) g;                                                        \
    y[i * 8 + 0] = t;                                                         \
    y[i * 8 + 1] = (_Float16) k + (_Float16) c + (_Float16) l;               \
    y[i * 8 + 2] = (_Float16) d + (_Float16) (i * 1000);                      \
    y[i * 8 + 3] = fmaxf (h, table[i & 3]) * table[(i + 1) & 3];              \
    y[i * 8 + 4] = (_Float16) expf ((float) g / 16) - (_Float16) logf (2 + i); \
    y[i * 8 + 5] = (_Float16) sinf (h) * (_Float16) cosf (g)                  \
                   + (_Float16) fabsf (t);                                    \
    y[i * 8 + 6] = isnan (t * (_Float16) __builtin_inff ())                   \
                   + 2 * !!signbit (t) + 4 * isinf (h * h * h * h)            \
                   + 8 * (t == g) + 16 * (t >= g);                            \
    y[i * 8 + 7] = (_Float16) (float) (unsigned) (i * 3) / (_Float16) 7       \
                   + (_Float16) (h < 4.0);                                    \
  }

#define PARAMS                                                                \
  (int n, const _Float16 x[n], int m, _Float16 y[m], struct pair p)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

/* Through shared memory, and to and from a kernel's own _Float16
   parameter.  */
__attribute__ ((cuda_jit)) void
reverse (int n, _Float16 a[n], _Float16 bias)
{
  static __attribute__ ((cuda_shared)) _Float16 tile[N];
  long i = cuda_grid_x ();
  tile[i] = a[i];
  cuda_syncthreads ();
  a[i] = tile[n - 1 - i] + bias;
}

/* cuda_vectorize and cuda_reduce over _Float16: a maximum, which does
   not depend on the order of the fold as a sum in _Float16 would.  */
static _Float16
scaled (_Float16 v, _Float16 by)
{
  return v * by + (_Float16) 1;
}

static _Float16
larger (_Float16 a, _Float16 b)
{
  return a > b ? a : b;
}

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

/* Whether A and B agree within one step of _Float16 at their size.  */
static int
close_enough (_Float16 a, _Float16 b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  if (isinf (a) || isinf (b))
    return a == b;
  float step = fmaxf (fabsf ((float) a), 0x1p-14f) * 0x1p-10f;
  return fabsf ((float) a - (float) b) <= step;
}

int
main (void)
{
  static _Float16 x[N], y[N * 8], expected[N * 8], a[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = (_Float16) ((i % 37) * 0.375f - 5 + i / 64.0f);
      a[i] = (_Float16) (i * 0.5f);
    }
  struct pair p = { (_Float16) 1.75, 3, (_Float16) 40 };
  cuda_launch (kernel, N / 32, 32) (N, x, N * 8, y, p);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, x, N * 8, expected, p);
  int bad = 0;
  for (int i = 0; i < N * 8; i++)
    if (!close_enough (y[i], expected[i]) && bad++ < 10)
      printf ("y[%d] = %a, expected %a\n", i, (double) y[i],
              (double) expected[i]);

  cuda_launch (reverse, 1, N) (N, a, (_Float16) 0.25);
  for (int i = 0; i < N; i++)
    if (a[i] != (_Float16) ((N - 1 - i) * 0.5f + 0.25f) && bad++ < 10)
      printf ("a[%d] = %a\n", i, (double) a[i]);

  _Float16 v[N];
  cuda_vectorize (scaled, N) (v, x, (_Float16) 0.75);
  for (int i = 0; i < N; i++)
    if (v[i] != scaled (x[i], (_Float16) 0.75) && bad++ < 10)
      printf ("v[%d] = %a\n", i, (double) v[i]);
  _Float16 most = x[0];
  for (int i = 1; i < N; i++)
    most = larger (most, v[i]);
  _Float16 reduced = cuda_reduce (larger, v, N, .init = x[0]);
  if (reduced != most)
    printf ("cuda_reduce: %a, expected %a\n", (double) reduced,
            (double) most), bad++;
  printf ("%d bad\n", bad);
  return 0;
}

/* { dg-output "0 bad" } */
/* { dg-final { scan-cuda "cudajit_half" } } */
/* { dg-cudajit-levels all } */
