/* The warp-matrix operations (cudajit-wmma.h) on int8, signed and
   unsigned char, of shape 16x16x16 into an accumulator of int: each warp
   of a block of four multiplies its own A and B, four tiles of 16x16
   along K (each 32 bytes aligned, as the loads need, its rows 16 bytes
   apart), loaded row- or column-major, into C loaded row- or
   column-major (or filled), offset element by element and stored the
   other way.  Some of C is near INT_MAX or INT_MIN, so that the sums
   wrap, as the GPU's do without saturation.  Against plain C that adds
   the products modulo 2^32: to the bit, on the CPU backend and on a GPU
   (sm_72 and later).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>

#define T 16
#define STEPS 4
#define LD 32
#define TILE (T * LD)
#define C_LD (T + 4)
#define WARPS 4
/* The elements of each warp's A, B, C or D.  */
#define REGION (STEPS * TILE)

/* Element (I, J) of the tile at P, column-major where COL.  */
#define AT(p, ld, col, i, j)                                                  \
  ((p)[(col) ? (long) (j) * (ld) + (i) : (long) (i) * (ld) + (j)])

/* D = A B + C (or 5 where FILL), plus 1.  */
#define GEMM(name, input, type)                                               \
  __attribute__ ((cuda_jit)) void name (                                      \
      const type a[WARPS * REGION], const type b[WARPS * REGION],             \
      const int c[WARPS * REGION], int d[WARPS * REGION], int a_col,          \
      int b_col, int c_col, int fill)                                         \
  {                                                                           \
    long w = cuda_grid_x () / 32 * REGION;                                    \
    cuda_wmma_a_##input fa;                                                   \
    cuda_wmma_b_##input fb;                                                   \
    cuda_wmma_acc_s32 fc;                                                     \
    if (fill)                                                                 \
      cuda_wmma_fill (&fc, 5);                                                \
    else if (c_col)                                                           \
      cuda_wmma_load_c_col (&fc, c + w, C_LD);                                \
    else                                                                      \
      cuda_wmma_load_c (&fc, c + w, C_LD);                                    \
    for (int s = 0; s < STEPS; s++)                                           \
      {                                                                       \
        if (a_col)                                                            \
          cuda_wmma_load_a_col (&fa, a + w + s * TILE, LD);                   \
        else                                                                  \
          cuda_wmma_load_a (&fa, a + w + s * TILE, LD);                       \
        if (b_col)                                                            \
          cuda_wmma_load_b_col (&fb, b + w + s * TILE, LD);                   \
        else                                                                  \
          cuda_wmma_load_b (&fb, b + w + s * TILE, LD);                       \
        cuda_wmma_mma (&fc, &fa, &fb, &fc);                                   \
      }                                                                       \
    for (int i = 0; i < cuda_wmma_length (fc); i++)                           \
      fc.x[i] += 1;                                                           \
    if (c_col)                                                                \
      cuda_wmma_store (d + w, &fc, C_LD);                                     \
    else                                                                      \
      cuda_wmma_store_col (d + w, &fc, C_LD);                                 \
  }

GEMM (gemm_s8, s8, signed char)
GEMM (gemm_u8, u8, unsigned char)

static signed char sa[WARPS * REGION] __attribute__ ((aligned (32)));
static signed char sb[WARPS * REGION] __attribute__ ((aligned (32)));
static unsigned char ua[WARPS * REGION] __attribute__ ((aligned (32)));
static unsigned char ub[WARPS * REGION] __attribute__ ((aligned (32)));
static int c[WARPS * REGION] __attribute__ ((aligned (32)));
static int d[WARPS * REGION] __attribute__ ((aligned (32)));

/* The wrong elements of D, of the elements of A and B at SA and SB, or
   where null, UA and UB.  */
static int
check (const signed char *sa, const signed char *sb,
       const unsigned char *ua, const unsigned char *ub, int a_col,
       int b_col, int c_col, int fill)
{
  int bad = 0;
  for (int w = 0; w < WARPS; w++)
    for (int i = 0; i < T; i++)
      for (int j = 0; j < T; j++)
        {
          long r = (long) w * REGION;
          unsigned int sum = fill ? 5 : AT (c + r, C_LD, c_col, i, j);
          for (int s = 0; s < STEPS; s++)
            for (int k = 0; k < T; k++)
              {
                long t = r + s * TILE;
                int x = sa ? AT (sa + t, LD, a_col, i, k)
                           : AT (ua + t, LD, a_col, i, k);
                int y = sb ? AT (sb + t, LD, b_col, k, j)
                           : AT (ub + t, LD, b_col, k, j);
                sum += (unsigned int) (x * y);
              }
          int expected = (int) (sum + 1);
          int got = AT (d + r, C_LD, !c_col, i, j);
          if (got != expected && bad++ < 10)
            printf ("%s layout %d%d%d fill %d: warp %d d[%d][%d] = %d, "
                    "expected %d\n",
                    sa ? "s8" : "u8", a_col, b_col, c_col, fill, w, i, j, got,
                    expected);
        }
  return bad;
}

int
main (void)
{
  unsigned int seed = 2024;
  int bad = 0;
  for (int i = 0; i < WARPS * REGION; i++)
    {
      seed = seed * 1103515245u + 12345u;
      sa[i] = (signed char) (seed >> 24);
      ua[i] = (unsigned char) (seed >> 16);
      seed = seed * 1103515245u + 12345u;
      sb[i] = (signed char) (seed >> 24);
      ub[i] = (unsigned char) (seed >> 16);
      c[i] = i % 7 == 0   ? INT_MAX - (int) (seed >> 12 & 0xfff)
             : i % 7 == 1 ? INT_MIN + (int) (seed >> 12 & 0xfff)
                          : (int) (seed >> 8) - (1 << 23);
    }
  for (int layout = 0; layout < 16; layout++)
    {
      int a_col = layout & 1, b_col = layout >> 1 & 1;
      int c_col = layout >> 2 & 1, fill = layout >> 3;
      cuda_launch (gemm_s8, 1, WARPS * 32) (sa, sb, c, d, a_col, b_col, c_col,
                                            fill);
      cuda_synchronize ();
      bad += check (sa, sb, NULL, NULL, a_col, b_col, c_col, fill);
      cuda_launch (gemm_u8, 1, WARPS * 32) (ua, ub, c, d, a_col, b_col, c_col,
                                            fill);
      cuda_synchronize ();
      bad += check (NULL, NULL, ua, ub, a_col, b_col, c_col, fill);
    }
  printf ("wmma int8: %d wrong\n", bad);
  return bad != 0;
}
/* { dg-output "wmma int8: 0 wrong" } */
/* { dg-cudajit-levels all } */
