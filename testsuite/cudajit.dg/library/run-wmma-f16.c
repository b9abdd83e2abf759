/* The warp-matrix operations (cudajit-wmma.h) on _Float16: products of
   16x16 and 64x64 matrices, a 16x16 tile for each warp, four warps a
   block, with A and B loaded row- and column-major, an accumulator of
   float scaled and offset element by element before its store, one of
   _Float16 loaded from C and stored column-major, and one filled.
   Against plain C that adds the exact products in float for k
   ascending: on the CPU backend, which does so too, to the bit; on a
   GPU, whose tensor cores add in an order of their own, within K
   rounding errors of float (of _Float16, for its accumulator) of the
   sum of the magnitudes of the products and C.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#include "wmma-close.h"

#define T 16
#define MAX 64

/* The tile of warp W of the grid, N / T tiles a row.  */
#define TILE(n, w) ((w) / ((n) / T)), ((w) % ((n) / T))

/* A's element (I, K) and B's (K, J), stored column-major where A_COL or
   B_COL.  */
#define A_AT(a, n, col, i, k) ((a)[(col) ? (long) (k) * (n) + (i) : (long) (i) * (n) + (k)])
#define B_AT(b, n, col, k, j) ((b)[(col) ? (long) (j) * (n) + (k) : (long) (k) * (n) + (j)])

/* The tile (TM, TN) of A B, into ACC, which holds C's.  */
#define PRODUCT(acc, a, b, n, a_col, b_col, tm, tn)                           \
  do                                                                          \
    {                                                                         \
      cuda_wmma_a_f16 fa;                                                     \
      cuda_wmma_b_f16 fb;                                                     \
      for (int k = 0; k < (n); k += T)                                        \
        {                                                                     \
          if (a_col)                                                          \
            cuda_wmma_load_a_col (&fa, &A_AT (a, n, 1, (tm) * T, k), n);     \
          else                                                                \
            cuda_wmma_load_a (&fa, &A_AT (a, n, 0, (tm) * T, k), n);         \
          if (b_col)                                                          \
            cuda_wmma_load_b_col (&fb, &B_AT (b, n, 1, k, (tn) * T), n);     \
          else                                                                \
            cuda_wmma_load_b (&fb, &B_AT (b, n, 0, k, (tn) * T), n);         \
          cuda_wmma_mma (&acc, &fa, &fb, &acc);                               \
        }                                                                     \
    }                                                                         \
  while (0)

__attribute__ ((cuda_jit)) void
gemm_f32 (int n, const _Float16 a[n * n], const _Float16 b[n * n],
          float c[n * n], int a_col, int b_col, float alpha, float beta)
{
  int w = cuda_grid_x () / 32;
  int tm = w / (n / T), tn = w % (n / T);
  cuda_wmma_acc_f32 acc;
  cuda_wmma_fill (&acc, 0.0f);
  PRODUCT (acc, a, b, n, a_col, b_col, tm, tn);
  for (int i = 0; i < cuda_wmma_length (acc); i++)
    acc.x[i] = acc.x[i] * alpha + beta;
  cuda_wmma_store (c + (long) tm * T * n + tn * T, &acc, n);
}

/* D = A B + C, D column-major.  */
__attribute__ ((cuda_jit)) void
gemm_f16 (int n, const _Float16 a[n * n], const _Float16 b[n * n],
          const _Float16 c[n * n], _Float16 d[n * n], int a_col, int b_col)
{
  int w = cuda_grid_x () / 32;
  int tm = w / (n / T), tn = w % (n / T);
  cuda_wmma_acc_f16 acc;
  cuda_wmma_load_c (&acc, c + (long) tm * T * n + tn * T, n);
  PRODUCT (acc, a, b, n, a_col, b_col, tm, tn);
  cuda_wmma_store_col (d + (long) tn * T * n + tm * T, &acc, n);
}

/* A tile of the value, from cuda_wmma_fill.  */
__attribute__ ((cuda_jit)) void
fill_f16 (_Float16 d[T * T], float value)
{
  cuda_wmma_acc_f16 acc;
  cuda_wmma_fill (&acc, value);
  cuda_wmma_store (d, &acc, T);
}

static _Float16 a[MAX * MAX], b[MAX * MAX], c16[MAX * MAX], d16[MAX * MAX];
static float c[MAX * MAX];

int
main (void)
{
  int exact = cuda_device_properties (0).major == 0;
  unsigned int seed = 2024;
  int bad = 0;
  for (int n = T; n <= MAX; n *= 4)
    for (int layout = 0; layout < 4; layout++)
      {
        int a_col = layout / 2, b_col = layout % 2;
        for (int i = 0; i < n * n; i++)
          {
            seed = seed * 1103515245u + 12345u;
            a[i] = (_Float16) ((int) (seed >> 20) % 2048 - 1024) / 512;
            seed = seed * 1103515245u + 12345u;
            b[i] = (_Float16) ((int) (seed >> 20) % 2048 - 1024) / 1024;
            c16[i] = (_Float16) (i % 13) / 8;
          }
        int threads = n / T * (n / T) * 32;
        int block = threads < 128 ? threads : 128;
        cuda_launch (gemm_f32, threads / block, block) (n, a, b, c, a_col,
                                                        b_col, 0.5f, 1.0f);
        cuda_launch (gemm_f16, threads / block, block) (n, a, b, c16, d16,
                                                        a_col, b_col);
        cuda_synchronize ();
        for (int i = 0; i < n; i++)
          for (int j = 0; j < n; j++)
            {
              float sum = 0, magnitude = 0;
              _Float16 acc = c16[i * n + j];
              for (int k0 = 0; k0 < n; k0 += T)
                {
                  float part = acc;
                  for (int k = k0; k < k0 + T; k++)
                    {
                      float p = (float) A_AT (a, n, a_col, i, k)
                                * (float) B_AT (b, n, b_col, k, j);
                      sum += p;
                      part += p;
                      magnitude += fabsf (p);
                    }
                  acc = part;
                }
              float expected = sum * 0.5f + 1.0f;
              if (!close_p (exact, c[i * n + j], expected, magnitude, n,
                            0x1p-23)
                  && bad++ < 10)
                printf ("n %d layout %d: c[%d][%d] = %a, expected %a\n", n,
                        layout, i, j, c[i * n + j], expected);
              if (!close_p (exact, d16[j * n + i], acc,
                            magnitude + fabsf (c16[i * n + j]), n, 0x1p-10)
                  && bad++ < 10)
                printf ("n %d layout %d: d[%d][%d] = %a, expected %a\n", n,
                        layout, i, j, (double) d16[j * n + i], (double) acc);
            }
      }
  cuda_launch (fill_f16, 1, 32) (d16, 1.5f);
  for (int i = 0; i < T * T; i++)
    if (d16[i] != (_Float16) 1.5f && bad++ < 10)
      printf ("fill: d[%d] = %a\n", i, (double) d16[i]);
  printf ("wmma f16: %d wrong\n", bad);
  return bad != 0;
}
/* { dg-output "wmma f16: 0 wrong" } */
/* { dg-cudajit-levels all } */
