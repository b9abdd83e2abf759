/* Local arrays of constant size, Numba's cuda.local.array: initialized
   with a list, partly or with designators, and of two dimensions.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
__attribute__((cuda_jit)) void k (long n, const int in[n], int out[n])
{
  long i = cuda_grid_x ();
  if (i >= n) return;
  int hist[8] = {0};
  int w[4] = { 1, 2, [3] = 5 };
  float m[3][3];
  for (int a = 0; a < 3; a++) for (int b = 0; b < 3; b++) m[a][b] = a * 3 + b;
  for (int j = 0; j < 16; j++) hist[(in[i] + j) & 7]++;
  out[i] = hist[in[i] & 7] * 100 + w[0] + w[1] + w[2] + w[3] + (int) m[2][1];
}
int main (void) { enum { n = 32 }; int in[n], out[n], bad = 0; for (int i = 0; i < n; i++) in[i] = i * 3;
  cuda_launch (k, 1, 32) (n, in, out); for (int i = 0; i < n; i++) bad += out[i] != 2 * 100 + 8 + 7; printf ("local arrays: %d errors\n", bad); return bad; }

/* { dg-output "local arrays: 0 errors" } */
/* { dg-cudajit-levels all } */
