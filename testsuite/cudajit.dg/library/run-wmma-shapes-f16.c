/* The warp-matrix operations (cudajit-wmma.h) on _Float16 of shapes
   32x8x16 and 8x32x16, into accumulators of float and of _Float16: each
   warp of a block of four multiplies its own A (M x 48) and B (48 x N),
   leading dimensions 8 past the tile's, loaded row- or column-major,
   into C loaded row- or column-major (or filled), offset element by
   element and stored the other way.  Against plain C that adds the
   exact products in float for k ascending, rounded to _Float16 after
   each step of 16 for its accumulator: on the CPU backend, which does
   so too, to the bit; on a GPU, whose tensor cores add in an order of
   their own, within K rounding errors of float (of _Float16) of the sum
   of the magnitudes of the products and C.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall" } */

#define K 48
#define STEP 16
#define REGION 2048
#include "wmma-shapes.h"

GEMM (gemm_32x8_f32, f16, _Float16, _32x8x16, 32, 8, acc_f32, float)
GEMM (gemm_32x8_f16, f16, _Float16, _32x8x16, 32, 8, acc_f16, _Float16)
GEMM (gemm_8x32_f32, f16, _Float16, _8x32x16, 8, 32, acc_f32, float)
GEMM (gemm_8x32_f16, f16, _Float16, _8x32x16, 8, 32, acc_f16, _Float16)

static _Float16 a[WARPS * REGION] __attribute__ ((aligned (32)));
static _Float16 b[WARPS * REGION] __attribute__ ((aligned (32)));
static _Float16 c16[WARPS * REGION] __attribute__ ((aligned (32)));
static _Float16 d16[WARPS * REGION] __attribute__ ((aligned (32)));
static float c[WARPS * REGION] __attribute__ ((aligned (32)));
static float d[WARPS * REGION] __attribute__ ((aligned (32)));

/* The wrong elements of the launch of shape M x N, of both
   accumulators.  */
static int
check (int exact, int m, int n, int a_col, int b_col, int c_col, int fill)
{
  int bad = 0;
  for (int w = 0; w < WARPS; w++)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++)
        {
          long r = (long) w * REGION;
          float sum = fill ? 0.5f : AT (c + r, c_col, m, n, i, j);
          float magnitude = fabsf (sum);
          _Float16 acc
              = fill ? (_Float16) 0.5f : AT (c16 + r, c_col, m, n, i, j);
          for (int k0 = 0; k0 < K; k0 += STEP)
            {
              float part = acc;
              for (int k = k0; k < k0 + STEP; k++)
                {
                  float p = (float) AT (a + r, a_col, m, K, i, k)
                            * (float) AT (b + r, b_col, K, n, k, j);
                  sum += p;
                  part += p;
                  magnitude += fabsf (p);
                }
              acc = part;
            }
          float expected = sum + 1;
          _Float16 expected16 = (_Float16) (acc + 1);
          float got = AT (d + r, !c_col, m, n, i, j);
          _Float16 got16 = AT (d16 + r, !c_col, m, n, i, j);
          if (!close_p (exact, got, expected, magnitude, K, 0x1p-23)
              && bad++ < 10)
            printf ("%dx%d layout %d%d%d fill %d: warp %d d[%d][%d] = %a, "
                    "expected %a\n",
                    m, n, a_col, b_col, c_col, fill, w, i, j, got, expected);
          if (!close_p (exact, got16, expected16, magnitude, K, 0x1p-10)
              && bad++ < 10)
            printf ("%dx%d layout %d%d%d fill %d: warp %d d16[%d][%d] = %a, "
                    "expected %a\n",
                    m, n, a_col, b_col, c_col, fill, w, i, j, (double) got16,
                    (double) expected16);
        }
  return bad;
}

int
main (void)
{
  int exact = cuda_device_properties (0).major == 0;
  unsigned int seed = 2024;
  int bad = 0;
  for (int i = 0; i < WARPS * REGION; i++)
    {
      seed = seed * 1103515245u + 12345u;
      a[i] = (_Float16) ((int) (seed >> 20) % 2048 - 1024) / 512;
      seed = seed * 1103515245u + 12345u;
      b[i] = (_Float16) ((int) (seed >> 20) % 2048 - 1024) / 1024;
      c16[i] = (_Float16) (i % 13) / 8;
      c[i] = (float) (i % 11) / 8;
    }
  for (int layout = 0; layout < 16; layout++)
    {
      int a_col = layout & 1, b_col = layout >> 1 & 1;
      int c_col = layout >> 2 & 1, fill = layout >> 3;
      cuda_launch (gemm_32x8_f32, 1, WARPS * 32) (a, b, c, d, a_col, b_col,
                                                  c_col, fill);
      cuda_launch (gemm_32x8_f16, 1, WARPS * 32) (a, b, c16, d16, a_col, b_col,
                                                  c_col, fill);
      cuda_synchronize ();
      bad += check (exact, 32, 8, a_col, b_col, c_col, fill);
      cuda_launch (gemm_8x32_f32, 1, WARPS * 32) (a, b, c, d, a_col, b_col,
                                                  c_col, fill);
      cuda_launch (gemm_8x32_f16, 1, WARPS * 32) (a, b, c16, d16, a_col, b_col,
                                                  c_col, fill);
      cuda_synchronize ();
      bad += check (exact, 8, 32, a_col, b_col, c_col, fill);
    }
  printf ("wmma shapes f16: %d wrong\n", bad);
  return bad != 0;
}
/* { dg-output "wmma shapes f16: 0 wrong" } */
/* { dg-cudajit-levels all } */
