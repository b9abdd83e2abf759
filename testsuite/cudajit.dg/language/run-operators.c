/* Arithmetic, bit, shift, comparison, logical, assignment, increment,
   conditional and comma operators, and casts, on int, unsigned, long and
   double, and complements of narrow types, checked against the same code
   run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#define OPS 30

#define BODY                                                                  \
  {                                                                           \
    long t = cuda_grid_x ();                                                  \
    int a = ia[t], b = ib[t];                                                 \
    unsigned int ua = a, ub = b;                                              \
    long la = a * 100000l, lb = b;                                            \
    double da = a / 8.0, db = b / 4.0;                                        \
    long *r = out + t * OPS;                                                  \
    double *d = dout + t * OPS;                                               \
    int k = 0;                                                                \
    r[k++] = a + b;                                                           \
    r[k++] = a - b;                                                           \
    r[k++] = a * b;                                                           \
    r[k++] = b != 0 ? a / b : -1;                                             \
    r[k++] = b != 0 ? a % b : -1;                                             \
    r[k++] = -a;                                                              \
    r[k++] = a & b;                                                           \
    r[k++] = a | b;                                                           \
    r[k++] = a ^ b;                                                           \
    r[k++] = ~a;                                                              \
    r[k++] = ua << (ub & 31);                                                 \
    r[k++] = ua >> (ub & 31);                                                 \
    r[k++] = a >> (b & 15);                                                   \
    r[k++] = (a < b) + 2 * (a <= b) + 4 * (a > b) + 8 * (a >= b)              \
             + 16 * (a == b) + 32 * (a != b);                                 \
    r[k++] = (a && b) + 2 * (a || b) + 4 * !a;                                \
    r[k++] = ub != 0 ? ua / ub : 0;                                           \
    r[k++] = ub != 0 ? ua % ub : 0;                                           \
    r[k++] = la * lb - (la >> 3);                                             \
    r[k++] = lb != 0 ? la / lb + la % lb : 0;                                 \
    int x = a;                                                                \
    x += b;                                                                   \
    x -= 3;                                                                   \
    x *= 2;                                                                   \
    x <<= 1;                                                                  \
    x |= 5;                                                                   \
    x ^= b;                                                                   \
    x &= 0x7fff;                                                              \
    r[k++] = x;                                                               \
    int y = a;                                                                \
    int post_inc = y++, pre_inc = ++y, post_dec = y--, pre_dec = --y;        \
    r[k++] = post_inc * 1000 + pre_inc * 100 + post_dec * 10 + pre_dec + y;   \
    const int *p = ia;                                                        \
    p += t;                                                                   \
    p++;                                                                      \
    --p;                                                                      \
    r[k++] = *p + p[0] * 2 + (p - ia) * 3 + *(ib + t);                        \
    r[k++] = (y = 4, y * a);                                                  \
    r[k++] = a > b ? a : b;                                                   \
    r[k++] = (long) da + (int) db + (unsigned char) a + (short) (a * 1000);   \
    r[k++] = (int) (float) a + (long) (double) ua;                            \
    r[k++] = (a > 0 && b > 0) ? (a < b ? 1 : 2) : (a == 0 ? 3 : 4);           \
    unsigned char uc = a;                                                     \
    unsigned short us = b;                                                    \
    r[k++] = (unsigned char) ~uc + (unsigned short) ~us * 1000l;              \
    _Bool ba = a & 1;                                                         \
    r[k++] = (ba ^ 1) + 2 * (ba ^ (b & 1));                                   \
    int kd = 0;                                                               \
    d[kd++] = da + db;                                                        \
    d[kd++] = da - db;                                                        \
    d[kd++] = da * db;                                                        \
    d[kd++] = db != 0 ? da / db : 0;                                          \
    d[kd++] = -da;                                                            \
    d[kd++] = (float) da * (float) db;                                        \
    d[kd++] = (da < db) + 2 * (da == db);                                     \
    d[kd++] = a;                                                              \
    d[kd++] = ua;                                                             \
    d[kd++] = la;                                                             \
  }

#define PARAMS (const int *ia, const int *ib, long *out, double *dout)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 256

int
main (void)
{
  int ia[N], ib[N];
  static long out[N * OPS], ref[N * OPS];
  static double dout[N * OPS], dref[N * OPS];
  for (int i = 0; i < N; i++)
    {
      ia[i] = (i * 7919) % 2001 - 1000;
      ib[i] = (i * 104729) % 61 - 30;
    }
  int *dia = cuda_to_device (ia, sizeof ia);
  int *dib = cuda_to_device (ib, sizeof ib);
  long *dout_l = cuda_to_device (out, sizeof out);
  double *dout_d = cuda_to_device (dout, sizeof dout);
  cuda_launch (kernel, N / 64, 64) (dia, dib, dout_l, dout_d);
  cuda_copy_to_host (out, dout_l, sizeof out);
  cuda_copy_to_host (dout, dout_d, sizeof dout);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (ia, ib, ref, dref);

  int errors = 0;
  for (int i = 0; i < N * OPS; i++)
    {
      /* The GPU may fuse a multiply and an add.  */
      double tolerance = fabs (dref[i]) * 1e-6;
      if (out[i] != ref[i] || fabs (dout[i] - dref[i]) > tolerance)
        {
          if (errors++ < 10)
            printf ("thread %d operation %d: %ld %g, expected %ld %g\n",
                    i / OPS, i % OPS, out[i], dout[i], ref[i], dref[i]);
        }
    }
  printf ("operators: %d mismatches\n", errors);
  return errors != 0;
}

/* { dg-output "operators: 0 mismatches" } */
/* { dg-cudajit-levels all } */
