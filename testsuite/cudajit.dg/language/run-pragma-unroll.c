/* #pragma GCC unroll N before a kernel's for, while and do loops reaches
   the CUDA C as CUDA's #pragma unroll N (GCC's 0, no unrolling, as 1),
   beside ivdep, which the CUDA C leaves out; the loops compute as
   written.  The results are checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 100,
  K = 9
};

__attribute__ ((cuda_jit)) void
sums (int n, int k, int out[n], const int x[n])
{
  int i = cuda_grid_x ();
  if (i >= n)
    return;
  int s = 0;
#pragma GCC unroll 4
  for (int j = 0; j < k; j++)
    s += x[(i + j) % n];
  int j = 0;
#pragma GCC unroll 0
  while (j < k)
    s += 2 * x[(i + j++) % n];
#pragma GCC ivdep
#pragma GCC unroll 8
  do
    s += 3 * x[(i + --j) % n];
  while (j > 0);
  out[i] = s;
}

int
main (void)
{
  int x[N], out[N];
  for (int i = 0; i < N; i++)
    x[i] = i * 7 % 11 - 5;
  cuda_launch (sums, 1, N) (N, K, out, x);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      int s = 0;
      for (int j = 0; j < K; j++)
        s += 6 * x[(i + j) % N];
      if (out[i] != s && bad++ < 5)
        printf ("out[%d] = %d, expected %d\n", i, out[i], s);
    }
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { scan-cuda "#pragma unroll 4\n#line \[0-9\]+ \[^\n\]*\n *for \\(;" } } */
/* { dg-final { scan-cuda "#pragma unroll 1\n#line \[0-9\]+ \[^\n\]*\n *while \\(" } } */
/* { dg-final { scan-cuda "#pragma unroll 8\n#line \[0-9\]+ \[^\n\]*\n *do\n" } } */
/* { dg-final { scan-cuda-times "#pragma unroll" 3 } } */
/* { dg-cudajit-levels all } */
