/* Vectors of chars and shorts built from arithmetic on their elements'
   type: GCC computes a ^ b of two unsigned chars in unsigned char, C++
   in int, and the braces of the CUDA C's vector refuse an int that they
   would narrow (NVRTC's warning 2361, which a stricter compiler makes an
   error), so each such element converts back to its type.  So does the
   negation of a comparison, a bool in C++ and so negated an int, which
   GCC folds into a negation in the unsigned type of the element.  Found
   by the SIMT fuzzer (testsuite/simt-fuzz, seed 143 of the negation),
   whose kernels build vectors so.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 256
};

__attribute__ ((cuda_jit)) void
build (const unsigned char a[N], const short b[N], cuda_uchar4 u[N],
       cuda_short4 s[N], cuda_uint2 m[N])
{
  int t = cuda_grid_x ();
  unsigned char x = a[t], y = a[N - 1 - t];
  short p = b[t], q = b[N - 1 - t];
  u[t] = (cuda_uchar4){ x ^ y, x & ~y, x | y, t & 1 ? x : y };
  s[t] = (cuda_short4){ p ^ q, p & q, -p, p >> 2 };
  m[t] = (cuda_uint2){ -(unsigned int) (x >= y), (unsigned int) -(p < q) };
}

int
main (void)
{
  static unsigned char a[N];
  static short b[N];
  static cuda_uchar4 u[N];
  static cuda_short4 s[N];
  static cuda_uint2 m[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = (unsigned char) (i * 37 + 11);
      b[i] = (short) (i * 2654435761u);
    }
  cuda_launch (build, N / 64, 64) (a, b, u, s, m);
  for (int t = 0; t < N; t++)
    {
      unsigned char x = a[t], y = a[N - 1 - t];
      short p = b[t], q = b[N - 1 - t];
      unsigned char ue[4] = { x ^ y, x & ~y, x | y, t & 1 ? x : y };
      short se[4] = { p ^ q, p & q, -p, p >> 2 };
      unsigned int me[2] = { -(unsigned int) (x >= y), (unsigned int) -(p < q) };
      errors += m[t][0] != me[0] || m[t][1] != me[1];
      for (int k = 0; k < 4; k++)
        errors += u[t][k] != ue[k] || s[t][k] != se[k];
    }
  printf ("narrow elements: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "narrow elements: 0 errors" } */
/* { dg-final { scan-cuda "_CjVector<unsigned char, 4> ..\\(\\(unsigned char\\) \\(x \\^ y\\)\\)" } } */
/* { dg-final { scan-cuda "_CjVector<short, 4> ..\\(\\(short\\) \\(p \\^ q\\)\\)" } } */
/* { dg-final { scan-cuda "_CjVector<unsigned int, 2> ..\\(\\(unsigned int\\) \\(-\\(\\(unsigned int\\) \\(\\(x >= y\\)\\)\\)\\)\\)" } } */
/* { dg-cudajit-levels all } */
