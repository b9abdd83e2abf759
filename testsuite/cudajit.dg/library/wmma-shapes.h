/* What run-wmma-shapes-f16.c, run-wmma-shapes-bf16.c and
   run-wmma-tf32.c share: the layout of each warp's matrices, the kernel
   that multiplies them, and the comparison with plain C.  The test
   defines K, the inner dimension, STEP, a fragment's, and REGION, the
   elements of each warp's A, B, C or D, before it includes this.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#include "wmma-close.h"

#define PAD 8
#define WARPS 4

/* The leading dimension of a matrix of ROWS x COLUMNS, stored
   column-major where COL, and its element (I, J).  */
#define LD(col, rows, columns) (((col) ? (rows) : (columns)) + PAD)
#define AT(p, col, rows, columns, i, j)                                       \
  ((p)[(col) ? (long) (j) *LD (col, rows, columns) + (i)                      \
             : (long) (i) *LD (col, rows, columns) + (j)])

/* D = A B + C (or 0.5 where FILL), plus 1, of shape SHAPE, M x N, of
   A and B of ELEMENT, the fragments cuda_wmma_a_INPUT, into an
   accumulator ACC of TYPE.  */
#define GEMM(name, input, element, shape, m, n, acc, type)                    \
  __attribute__ ((cuda_jit)) void name (                                      \
      const element a[WARPS * REGION], const element b[WARPS * REGION],       \
      const type c[WARPS * REGION], type d[WARPS * REGION], int a_col,        \
      int b_col, int c_col, int fill)                                         \
  {                                                                           \
    long w = cuda_grid_x () / 32 * REGION;                                    \
    cuda_wmma_a_##input##shape fa;                                            \
    cuda_wmma_b_##input##shape fb;                                            \
    cuda_wmma_##acc##shape fc;                                                \
    if (fill)                                                                 \
      cuda_wmma_fill (&fc, 0.5f);                                             \
    else if (c_col)                                                           \
      cuda_wmma_load_c_col (&fc, c + w, LD (1, m, n));                        \
    else                                                                      \
      cuda_wmma_load_c (&fc, c + w, LD (0, m, n));                            \
    for (int k = 0; k < K; k += STEP)                                         \
      {                                                                       \
        if (a_col)                                                            \
          cuda_wmma_load_a_col (&fa, &AT (a + w, 1, m, K, 0, k),              \
                                LD (1, m, K));                                \
        else                                                                  \
          cuda_wmma_load_a (&fa, &AT (a + w, 0, m, K, 0, k), LD (0, m, K));   \
        if (b_col)                                                            \
          cuda_wmma_load_b_col (&fb, &AT (b + w, 1, K, n, k, 0),              \
                                LD (1, K, n));                                \
        else                                                                  \
          cuda_wmma_load_b (&fb, &AT (b + w, 0, K, n, k, 0), LD (0, K, n));   \
        cuda_wmma_mma (&fc, &fa, &fb, &fc);                                   \
      }                                                                       \
    for (int i = 0; i < cuda_wmma_length (fc); i++)                           \
      fc.x[i] += 1;                                                           \
    if (c_col)                                                                \
      cuda_wmma_store (d + w, &fc, LD (0, m, n));                             \
    else                                                                      \
      cuda_wmma_store_col (d + w, &fc, LD (1, m, n));                         \
  }

