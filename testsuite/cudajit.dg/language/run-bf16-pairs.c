/* cuda_bfloat162, CUDA's __nv_bfloat162, and __bf16 in CUDA's functions
   (GCC 13 and later): the pair functions, the shuffles of __bf16 and
   cuda_bfloat162, and cuda_atomic_add on both, in a kernel against the
   same calls on the host, to the bit but for a NaN's, whose sign and
   payload the GPU's arithmetic and the host's differ on, and the lanes'
   values picked in plain C.  The atomic sums are of quarters small enough that every
   partial sum is exact, so that their order does not matter.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target bf16 } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 256
#define THREADS 64
#define FULL 0xffffffffu
#define OUT 14
#define QUARTERS(i) ((__bf16) (((i) * 37 % 9 - 4) * 0.25f))

#define BODY                                                                  \
  {                                                                           \
    cuda_bfloat162 x = a[i], y = b[i];                                        \
    cuda_bfloat162 *o = out + i * OUT;                                        \
    o[0] = cuda_hadd2 (x, y);                                                 \
    o[1] = cuda_hmul2 (cuda_hsub2 (x, y), cuda_h2div (y, x));                 \
    o[2] = cuda_hneg2 (cuda_habs2 (x));                                       \
    o[3] = cuda_heq2 (x, y) + cuda_hne2 (x, y) * (__bf16) 2;                  \
    o[4] = cuda_hlt2 (x, y) + cuda_hge2 (x, y) * (__bf16) 4;                  \
    o[5] = cuda_floats2bfloat162_rn (cuda_low2float (x) / 3.0f,               \
                                     cuda_high2float (y) * 1.1f);             \
    o[6] = cuda_float22bfloat162_rn (cuda_bfloat1622float2 (x)                \
                                     * (cuda_float2) { 0.7f, 3.3f });         \
    o[7] = cuda_halves2bfloat162 (cuda_high2bfloat16 (x),                     \
                                  cuda_low2bfloat16 (y));                     \
    o[8] = cuda_lowhigh2highlow (x) + cuda_bfloat162bfloat162 (y[0]);         \
    o[9] = cuda_lows2bfloat162 (x, y) - cuda_highs2bfloat162 (x, y);          \
    o[10] = cuda_float2bfloat162_rn (cuda_high2float (x) + 1.0f / 3);         \
    o[11] = cuda_hle2 (x, y) - cuda_hgt2 (x, y);                              \
    o[12] = cuda_hmax2 (x, y) + cuda_hmin2_nan (y, x);                        \
    o[13] = cuda_hmin2 (x, y) - cuda_hmax2_nan (y, x);                        \
  }

__attribute__ ((cuda_jit)) void
kernel (long n, const cuda_bfloat162 a[n], const cuda_bfloat162 b[n],
        cuda_bfloat162 out[n * OUT], __bf16 lanes[n * 2],
        cuda_bfloat162 pair_lanes[n], __bf16 sum[2],
        cuda_bfloat162 pair_sum[2])
{
  long i = cuda_grid_x ();
  if (i < n)
    BODY
  lanes[i * 2] = cuda_shfl_xor_sync (FULL, a[i][0], 5);
  lanes[i * 2 + 1] = cuda_shfl_down_sync (FULL, a[i][1], 3, 16);
  pair_lanes[i] = cuda_shfl_sync (FULL, b[i], (int) (i * 7 % 32));
  cuda_atomic_add (&sum[1], QUARTERS (i));
  cuda_atomic_add (&pair_sum[1],
                   ((cuda_bfloat162) { QUARTERS (i), -QUARTERS (i + 1) }));
}

static void
host (long n, const cuda_bfloat162 a[n], const cuda_bfloat162 b[n],
      cuda_bfloat162 out[n * OUT], long i)
BODY

/* Whether X and Y are the same __bf16, to the bit, or both a NaN.  */
static int
same_bf16 (__bf16 x, __bf16 y)
{
  return x != x ? y != y : memcmp (&x, &y, sizeof x) == 0;
}

int
main (void)
{
  static cuda_bfloat162 a[N], b[N], out[N * OUT], want[N * OUT];
  static cuda_bfloat162 pair_lanes[N], pair_sum[2];
  static __bf16 lanes[N * 2], sum[2];
  __bf16 want_sum = 0;
  cuda_bfloat162 want_pair_sum = { 0, 0 };
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = (cuda_bfloat162) { (__bf16) ((i * 7919 % 2001 - 1000) / 37.0f),
                                i % 17 == 0 ? (__bf16) __builtin_nanf ("")
                                            : (__bf16) (i * 1e-3f) };
      b[i] = (cuda_bfloat162) { i % 5 == 0 ? a[i][0] : (__bf16) (i % 7 - 3),
                                (__bf16) (1e30f / (i + 1)) };
      host (N, a, b, want, i);
    }
  cuda_launch (kernel, N / THREADS, THREADS) (N, a, b, out, lanes, pair_lanes,
                                             sum, pair_sum);
  for (int i = 0; i < N * OUT; i++)
    if (!(same_bf16 (out[i][0], want[i][0])
          && same_bf16 (out[i][1], want[i][1]))
        && errors++ < 10)
      printf ("input %d, result %d: %g %g, not %g %g\n", i / OUT, i % OUT,
              (double) out[i][0], (double) out[i][1], (double) want[i][0],
              (double) want[i][1]);
  for (int i = 0; i < N; i++)
    {
      int warp = i & ~31, lane = i & 31;
      int xor_from = warp + (lane ^ 5);
      int down_from = lane % 16 + 3 < 16 ? i + 3 : i;
      int from = warp + i * 7 % 32;
      if ((memcmp (&lanes[i * 2], &a[xor_from][0], sizeof lanes[0])
           || memcmp (&lanes[i * 2 + 1], &a[down_from][1], sizeof lanes[0])
           || memcmp (&pair_lanes[i], &b[from], sizeof b[0]))
          && errors++ < 10)
        printf ("thread %d: shuffled %g %g %g\n", i, (double) lanes[i * 2],
                (double) lanes[i * 2 + 1], (double) pair_lanes[i][0]);
      want_sum += QUARTERS (i);
      want_pair_sum += (cuda_bfloat162) { QUARTERS (i), -QUARTERS (i + 1) };
    }
  if ((sum[1] != want_sum || sum[0] != 0 || pair_sum[1][0] != want_pair_sum[0]
       || pair_sum[1][1] != want_pair_sum[1] || pair_sum[0][0] != 0)
      && errors++ < 10)
    printf ("sums: %g %g %g, not %g %g %g\n", (double) sum[1],
            (double) pair_sum[1][0], (double) pair_sum[1][1],
            (double) want_sum, (double) want_pair_sum[0],
            (double) want_pair_sum[1]);
  printf ("bf16 pairs: %d errors\n", errors);
  return errors != 0;
}

/* { dg-final { scan-cuda "cudajit_atomic_add_bf16 \\(" } } */
/* { dg-final { scan-cuda "cudajit_atomic_add_bfloat162 \\(" } } */
/* { dg-output "bf16 pairs: 0 errors" } */
/* { dg-cudajit-levels all } */
