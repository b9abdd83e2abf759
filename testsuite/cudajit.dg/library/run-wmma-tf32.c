/* The warp-matrix operations (cudajit-wmma.h) on tf32, of shape
   16x16x8: each warp of a block of four multiplies its own A (16 x 32)
   and B (32 x 16) of float, leading dimensions 8 past the tile's, loaded
   row- or column-major, into C loaded row- or column-major (or filled),
   offset element by element and stored the other way.  A's and B's
   elements have more bits than tf32's, some exactly half way between
   two of tf32, and are rounded by the loads as CUDA's __float_to_tf32
   does: to nearest, ties away from zero.  Against plain C that rounds
   so by frexp and round, and adds the exact products in float for k
   ascending: on the CPU backend, which does so too, to the bit; on a
   GPU (sm_80 and later), whose tensor cores add in an order of their
   own, within K rounding errors of float of the sum of the magnitudes
   of the products and C.  And A times the identity is A rounded, to the
   bit on both.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall" } */

#define M 16
#define N 16
#define K 32
#define STEP 8
#define REGION 1024
#include "wmma-shapes.h"

GEMM (gemm, tf32, float, _16x16x8, M, N, acc_f32, float)

static float a[WARPS * REGION] __attribute__ ((aligned (32)));
static float b[WARPS * REGION] __attribute__ ((aligned (32)));
static float c[WARPS * REGION] __attribute__ ((aligned (32)));
static float d[WARPS * REGION] __attribute__ ((aligned (32)));

/* X rounded to 11 significant bits, ties away from zero, as round
   does.  */
static float
tf32 (float x)
{
  int e;
  double m = frexp (x, &e);
  return (float) ldexp (round (ldexp (m, 11)), e - 11);
}

/* A float of 24 random significant bits, or where SEED says so, one
   half way between two of tf32, or one below or above that half.  */
static float
random_float (unsigned int *seed, int scale)
{
  *seed = *seed * 1103515245u + 12345u;
  unsigned int r = *seed >> 8;
  float x = (float) ((int) (r >> 1) % 4096 + 4096) / 8192 * scale;
  int e;
  frexp (x, &e);
  /* The last bit of tf32 is 2^(e - 11), of float 2^(e - 24).  */
  float half = ldexp (1.0, e - 12), ulp = ldexp (1.0, e - 24);
  switch (r % 8)
    {
    case 0:
      x = tf32 (x) + half;
      break;
    case 1:
      x = tf32 (x) + half - ulp;
      break;
    case 2:
      x = tf32 (x) - half;
      break;
    default:
      x += (float) (int) (r % 8191) * ulp;
    }
  return r & 1 ? -x : x;
}

int
main (void)
{
  int exact = cuda_device_properties (0).major == 0;
  unsigned int seed = 2024;
  int bad = 0, ties = 0;
  for (int i = 0; i < WARPS * REGION; i++)
    {
      a[i] = random_float (&seed, 2);
      b[i] = random_float (&seed, 1);
      c[i] = (float) (i % 11) / 8;
      /* Half way: the other neighbour is one of tf32 too.  */
      ties += a[i] != tf32 (a[i])
              && tf32 (2 * a[i] - tf32 (a[i])) == 2 * a[i] - tf32 (a[i]);
    }
  for (int layout = 0; layout < 16; layout++)
    {
      int a_col = layout & 1, b_col = layout >> 1 & 1;
      int c_col = layout >> 2 & 1, fill = layout >> 3;
      cuda_launch (gemm, 1, WARPS * 32) (a, b, c, d, a_col, b_col, c_col,
                                         fill);
      cuda_synchronize ();
      for (int w = 0; w < WARPS; w++)
        for (int i = 0; i < M; i++)
          for (int j = 0; j < N; j++)
            {
              long r = (long) w * REGION;
              float sum = fill ? 0.5f : AT (c + r, c_col, M, N, i, j);
              float magnitude = fabsf (sum);
              for (int k = 0; k < K; k++)
                {
                  float p = tf32 (AT (a + r, a_col, M, K, i, k))
                            * tf32 (AT (b + r, b_col, K, N, k, j));
                  sum += p;
                  magnitude += fabsf (p);
                }
              float expected = sum + 1;
              float got = AT (d + r, !c_col, M, N, i, j);
              if (!close_p (exact, got, expected, magnitude, K, 0x1p-23)
                  && bad++ < 10)
                printf ("layout %d%d%d fill %d: warp %d d[%d][%d] = %a, "
                        "expected %a\n",
                        a_col, b_col, c_col, fill, w, i, j, got, expected);
            }
    }
  /* A times the identity, whose sums are exact.  */
  for (int i = 0; i < WARPS * REGION; i++)
    b[i] = 0;
  for (int w = 0; w < WARPS; w++)
    for (int k = 0; k < N; k++)
      AT (b + (long) w * REGION, 0, K, N, k, k) = 1;
  cuda_launch (gemm, 1, WARPS * 32) (a, b, c, d, 0, 0, 0, 1);
  cuda_synchronize ();
  for (int w = 0; w < WARPS; w++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        {
          long r = (long) w * REGION;
          float expected = 0.5f + tf32 (AT (a + r, 0, M, K, i, j)) + 1;
          float got = AT (d + r, 1, M, N, i, j);
          if (got != expected && bad++ < 10)
            printf ("identity: warp %d d[%d][%d] = %a, expected %a\n", w, i, j,
                    got, expected);
        }
  printf ("wmma tf32: %d wrong, ties %s\n", bad, ties ? "tested" : "none");
  return bad != 0;
}
/* { dg-output "wmma tf32: 0 wrong, ties tested" } */
/* { dg-cudajit-levels all } */
