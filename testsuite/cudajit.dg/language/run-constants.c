/* Constants in kernels: a global const scalar, used by its value, and
   const arrays, global and static, of one and two dimensions with partial
   and designated initializers, which become __constant__ data (Numba's
   cuda.const.array_like).  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

static const float SQRT_2PI = 2.5066282746310002f;
static const float coefficients[5] = { 1, 0.5f, 0.25f, [4] = 0.0625f };
const int table[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };

__attribute__ ((cuda_jit)) void
kernel (long n, const float x[n], float out[n], int t[n])
{
  static const int primes[4] = { 2, 3, 5, 7 };
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  float s = 0;
  for (int c = 0; c < 5; c++)
    s += coefficients[c] * x[i];
  out[i] = s / SQRT_2PI;
  t[i] = table[i % 2][i % 3] * primes[i % 4];
}

int
main (void)
{
  enum { n = 50 };
  static const int primes[4] = { 2, 3, 5, 7 };
  float x[n], out[n];
  int t[n], errors = 0;
  for (int i = 0; i < n; i++)
    x[i] = i;
  cuda_launch (kernel, 1, 64) (n, x, out, t);
  for (int i = 0; i < n; i++)
    {
      float expected = 1.8125f * x[i] / SQRT_2PI;
      errors += fabsf (out[i] - expected) > 1e-5f * (expected + 1);
      errors += t[i] != table[i % 2][i % 3] * primes[i % 4];
    }
  printf ("constants: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "constants: 0 errors" } */
/* { dg-cudajit-levels all } */
