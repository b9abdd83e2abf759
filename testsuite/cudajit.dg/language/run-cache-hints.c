/* The cache-hinted loads and stores: each copies an array of each of
   several types, through a const pointer for the loads, and the copies
   are the arrays.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 300,
  LOADS = 6,
  STORES = 4
};

/* A kernel that copies IN to OUT once with each load and store of T.  */
#define COPY_KERNEL(name, T)                                                  \
  __attribute__ ((cuda_jit)) void name (long n, const T in[n],                \
                                        T loaded[LOADS][n],                   \
                                        T stored[STORES][n])                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    loaded[0][i] = cuda_ldg (&in[i]);                                         \
    loaded[1][i] = cuda_ldca (&in[i]);                                        \
    loaded[2][i] = cuda_ldcg (in + i);                                        \
    loaded[3][i] = cuda_ldcs (&in[i]);                                        \
    loaded[4][i] = cuda_ldlu (&in[i]);                                        \
    loaded[5][i] = cuda_ldcv (&in[i]);                                        \
    cuda_stwb (&stored[0][i], in[i]);                                         \
    cuda_stcg (&stored[1][i], in[i]);                                         \
    cuda_stcs (stored[2] + i, in[i]);                                         \
    cuda_stwt (&stored[3][i], in[i]);                                         \
  }

/* Fills IN with values of T that use its high bits, launches KERNEL and
   counts the copies that differ.  */
#define CHECK(kernel, T)                                                      \
  ({                                                                          \
    static T in[N], loaded[LOADS][N], stored[STORES][N];                      \
    int wrong = 0;                                                            \
    for (int i = 0; i < N; i++)                                               \
      in[i] = (T) ((i - N / 2) * 0x9e3779b97f4a7c15ull) / (T) 3;              \
    cuda_launch (kernel, (N + 127) / 128, 128) (N, in, loaded, stored);       \
    for (int i = 0; i < N; i++)                                               \
      {                                                                       \
        for (int k = 0; k < LOADS; k++)                                       \
          wrong += loaded[k][i] != in[i];                                     \
        for (int k = 0; k < STORES; k++)                                      \
          wrong += stored[k][i] != in[i];                                     \
      }                                                                       \
    if (wrong)                                                                \
      printf ("%s: %d wrong\n", #T, wrong);                                   \
    wrong;                                                                    \
  })

COPY_KERNEL (copy_char, signed char)
COPY_KERNEL (copy_ushort, unsigned short)
COPY_KERNEL (copy_int, int)
COPY_KERNEL (copy_long, long)
COPY_KERNEL (copy_ull, unsigned long long)
COPY_KERNEL (copy_float, float)
COPY_KERNEL (copy_double, double)

int
main (void)
{
  int errors = CHECK (copy_char, signed char)
               + CHECK (copy_ushort, unsigned short) + CHECK (copy_int, int)
               + CHECK (copy_long, long)
               + CHECK (copy_ull, unsigned long long)
               + CHECK (copy_float, float) + CHECK (copy_double, double);
  printf ("cache hints: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "cache hints: 0 errors" } */
/* { dg-cudajit-levels all } */
