/* cuda_half2, CUDA's __half2: GCC's vector of two _Float16 in kernels,
   with its elements, constants, GCC's operators half by half, and
   cuda_atomic_add, which adds each half (CUDA's atomicAdd on __half2),
   against the same computed in plain C.  The atomic sums are of
   quarters small enough that every partial sum is exact, so that their
   order does not matter.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>
#include <stdio.h>

#define N 256
#define THREADS 64
#define QUARTERS(i) ((_Float16) (((i) * 37 % 9 - 4) * 0.25))

static cuda_half2
compute (cuda_half2 a, cuda_half2 b)
{
  cuda_half2 x = a + b, y;
  x = x * a - b / a;
  y = -x + (cuda_half2) { 0.5, -2 };
  y[1] = y[0] * a[1];
  y += b;
  return y;
}

__attribute__ ((cuda_jit)) void
kernel (long n, const cuda_half2 a[n], const cuda_half2 b[n],
        cuda_half2 out[n], cuda_short2 less[n], cuda_half2 sum[2])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  out[i] = compute (a[i], b[i]);
  less[i] = a[i] < b[i];
  cuda_atomic_add (&sum[1], ((cuda_half2) { QUARTERS (i), -QUARTERS (i + 1) }));
}

/* { dg-final { scan-cuda "_CjVector<cudajit_half, 2>" } } */
/* { dg-final { scan-cuda "cudajit_atomic_add_half2 \\(" } } */

int
main (void)
{
  static cuda_half2 a[N], b[N], out[N], sum[2];
  static cuda_short2 less[N];
  cuda_half2 want_sum = { 0, 0 };
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = (cuda_half2) { (_Float16) (i % 17 + 1) / 8,
                            (_Float16) (i % 5 + 1) * 3 };
      b[i] = (cuda_half2) { (_Float16) (i % 7) - 3, (_Float16) (i % 3) + 1 };
    }
  cuda_launch (kernel, (N + THREADS - 1) / THREADS, THREADS) (N, a, b, out,
                                                             less, sum);
  for (int i = 0; i < N; i++)
    {
      cuda_half2 want = compute (a[i], b[i]);
      cuda_short2 want_less = a[i] < b[i];
      for (int k = 0; k < 2; k++)
        if ((out[i][k] != want[k] || less[i][k] != want_less[k])
            && errors++ < 10)
          printf ("%d[%d]: %g %d, not %g %d\n", i, k, (double) out[i][k],
                  less[i][k], (double) want[k], want_less[k]);
      want_sum += (cuda_half2) { QUARTERS (i), -QUARTERS (i + 1) };
    }
  for (int k = 0; k < 2; k++)
    if ((sum[1][k] != want_sum[k] || sum[0][k] != 0) && errors++ < 10)
      printf ("sum[%d]: %g, not %g\n", k, (double) sum[1][k],
              (double) want_sum[k]);
  printf ("half2: %d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
