/* The warp-matrix operations (cudajit-wmma.h) on __bf16: products of 16x16 and 64x64 matrices, a 16x16 tile for each
   warp, four warps a block, with A and B loaded row- and column-major,
   from global memory or, STAGED, from the warp's copy of its tiles in
   shared memory (which a GPU loads otherwise, by ldmatrix), into an
   accumulator of float loaded column-major from C, offset element by
   element before its store.  Against plain C that adds the
   exact products in float for k ascending: on the CPU backend, which
   does so too, to the bit; on a GPU (sm_80 and later), whose tensor
   cores add in an order of their own, within K rounding errors of
   float of the sum of the products' magnitudes.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#define T 16
#define MAX 64
#define WARPS 4
/* The leading dimension of a tile in shared memory: rows 16 bytes
   apart from the next multiple of 32, as a GEMM pads them.  */
#define STAGED_LD (T + 8)
#define FULL 0xffffffffu

/* A's element (I, K) and B's (K, J), stored column-major where COL.  */
#define A_AT(a, n, col, i, k) ((a)[(col) ? (long) (k) * (n) + (i) : (long) (i) * (n) + (k)])
#define B_AT(b, n, col, k, j) ((b)[(col) ? (long) (j) * (n) + (k) : (long) (k) * (n) + (j)])

/* D = A B + C, C column-major, D row-major, plus 1 after.  */
__attribute__ ((cuda_jit)) void
gemm (int n, const __bf16 a[n * n], const __bf16 b[n * n], const float c[n * n],
      float d[n * n], int a_col, int b_col, int staged)
{
  static __attribute__ ((cuda_shared, aligned (32)))
  __bf16 sa[WARPS][T * STAGED_LD], sb[WARPS][T * STAGED_LD];
  int w = cuda_grid_x () / 32, ws = threadIdx.x / 32, lane = threadIdx.x % 32;
  int tm = w / (n / T), tn = w % (n / T);
  cuda_wmma_a_bf16 fa;
  cuda_wmma_b_bf16 fb;
  cuda_wmma_acc_f32 acc;
  cuda_wmma_load_c_col (&acc, c + (long) tn * T * n + tm * T, n);
  for (int k = 0; k < n; k += T)
    {
      const __bf16 *pa = a_col ? &A_AT (a, n, 1, tm * T, k)
                               : &A_AT (a, n, 0, tm * T, k);
      const __bf16 *pb = b_col ? &B_AT (b, n, 1, k, tn * T)
                               : &B_AT (b, n, 0, k, tn * T);
      int ld = n;
      if (staged)
        {
          /* The tiles' 16 rows as stored, of 16 elements.  */
          for (int e = lane; e < T * T; e += 32)
            {
              sa[ws][e / T * STAGED_LD + e % T] = pa[(long) (e / T) * n + e % T];
              sb[ws][e / T * STAGED_LD + e % T] = pb[(long) (e / T) * n + e % T];
            }
          cuda_syncwarp (FULL);
          pa = sa[ws];
          pb = sb[ws];
          ld = STAGED_LD;
        }
      if (a_col)
        cuda_wmma_load_a_col (&fa, pa, ld);
      else
        cuda_wmma_load_a (&fa, pa, ld);
      if (b_col)
        cuda_wmma_load_b_col (&fb, pb, ld);
      else
        cuda_wmma_load_b (&fb, pb, ld);
      /* Every lane has loaded before the next step's copy.  */
      cuda_syncwarp (FULL);
      cuda_wmma_mma (&acc, &fa, &fb, &acc);
    }
  for (int i = 0; i < cuda_wmma_length (acc); i++)
    acc.x[i] += 1;
  cuda_wmma_store (d + (long) tm * T * n + tn * T, &acc, n);
}

static __bf16 a[MAX * MAX], b[MAX * MAX];
static float c[MAX * MAX], d[MAX * MAX];

int
main (void)
{
  int exact = cuda_device_properties (0).major == 0;
  unsigned int seed = 2024;
  int bad = 0;
  for (int staged = 0; staged < 2; staged++)
  for (int n = T; n <= MAX; n *= 4)
    for (int layout = 0; layout < 4; layout++)
      {
        int a_col = layout / 2, b_col = layout % 2;
        for (int i = 0; i < n * n; i++)
          {
            seed = seed * 1103515245u + 12345u;
            a[i] = cuda_float2bfloat16 (
                (float) ((int) (seed >> 20) % 2048 - 1024) / 512);
            seed = seed * 1103515245u + 12345u;
            b[i] = cuda_float2bfloat16 (
                (float) ((int) (seed >> 20) % 2048 - 1024) / 1024);
            c[i] = (float) (i % 13) / 8;
          }
        int threads = n / T * (n / T) * 32;
        int block = threads < WARPS * 32 ? threads : WARPS * 32;
        cuda_launch (gemm, threads / block, block) (n, a, b, c, d, a_col,
                                                    b_col, staged);
        for (int i = 0; i < n; i++)
          for (int j = 0; j < n; j++)
            {
              float sum = c[j * n + i], magnitude = fabsf (sum);
              for (int k = 0; k < n; k++)
                {
                  float p = cuda_bfloat162float (A_AT (a, n, a_col, i, k))
                            * cuda_bfloat162float (B_AT (b, n, b_col, k, j));
                  sum += p;
                  magnitude += fabsf (p);
                }
              float expected = sum + 1;
              float got = d[i * n + j];
              if ((exact ? got != expected
                         : fabsf (got - expected) > n * 0x1p-23f * (magnitude + 1))
                  && bad++ < 10)
                printf ("%s n %d layout %d: d[%d][%d] = %a, expected %a\n",
                        staged ? "staged" : "global", n, layout, i, j, got,
                        expected);
            }
      }
  printf ("wmma bf16: %d wrong\n", bad);
  return bad != 0;
}
/* { dg-output "wmma bf16: 0 wrong" } */
/* { dg-cudajit-levels all } */
