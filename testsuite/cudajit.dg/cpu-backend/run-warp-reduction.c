/* Warp reductions, loops of shuffles down by a delta that halves, which
   the CPU backend's block function runs in lane 0 of each warp: of
   floats read only by lane 0 (threadIdx.x % 32 == 0) after the loop; of
   unsigned ints read by every lane after it (an exclusive or, the
   shuffle first, d >>= 1, d >= 1); of a product read under a lane
   variable's test; and one whose delta is read after the loop, which
   stays cut at each shuffle.  In blocks of one row of whole warps, of
   one row cut short (48, 20 threads), of rows of 16 (where
   threadIdx.x % 32 == 0 is lanes 0 and 16) and of 32 x 2 x 2, with the
   last block partly past the end of the data.  Each result is compared
   with plain C that computes what each lane of a warp gets.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 5
};

/* What each thread writes in out[i][...]; 0 where it writes nothing.  */
enum
{
  SUM,
  XOR,
  PRODUCT,
  KEPT,
  RESULTS
};

__attribute__ ((cuda_jit)) void
reductions (long n, const float *x, const unsigned *u, double *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int lane = threadIdx.x & 31;

  float v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  if (threadIdx.x % WARP == 0)
    out[i * RESULTS + SUM] = v;

  unsigned w = i < n ? u[i] : 0;
  for (int d = 8; d >= 1; d >>= 1)
    w = cuda_shfl_down_sync (FULL, w, d) ^ w;
  out[i * RESULTS + XOR] = w;

  unsigned p = i < n ? u[i] % 7 + 1 : 1;
  for (unsigned d = 16; d > 0; d = d / 2)
    p = p * cuda_shfl_down_sync (FULL, p, d);
  if (lane == 0)
    out[i * RESULTS + PRODUCT] = p;

  int k = i < n ? (int) u[i] % 1000 : 0;
  int d;
  for (d = 16; d > 0; d /= 2)
    k += cuda_shfl_down_sync (FULL, k, d);
  if (lane == 0)
    out[i * RESULTS + KEPT] = k + d;
}

/* The values of a warp of LANES lanes after the stages of a shuffle down
   by FIRST, halving, each VALUE = OP (shuffled, VALUE).  */
#define REDUCE(type, value, lanes, first, op)                                 \
  do                                                                          \
    {                                                                         \
      for (int d = (first); d > 0; d /= 2)                                    \
        {                                                                     \
          type next[WARP];                                                    \
          for (int l = 0; l < (lanes); l++)                                   \
            {                                                                 \
              type shuffled = l + d < (lanes) ? value[l + d] : value[l];      \
              next[l] = op (shuffled, value[l]);                              \
            }                                                                 \
          memcpy (value, next, sizeof next);                                  \
        }                                                                     \
    }                                                                         \
  while (0)
#define ADD(a, b) ((a) + (b))
#define XOR_OF(a, b) ((a) ^ (b))
#define MULTIPLY(a, b) ((b) * (a))

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  long n = (long) BLOCKS * threads - 5;
  float *x = cuda_managed_array (BLOCKS * threads * sizeof *x);
  unsigned *u = cuda_managed_array (BLOCKS * threads * sizeof *u);
  double *out = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);

  for (long i = 0; i < n; i++)
    {
      x[i] = (float) ((i * 7919) % 1009) * 0.25f + 1e-3f * (float) (i % 13);
      u[i] = (unsigned) ((i * 104729) % 65537);
    }
  memset (out, 0, BLOCKS * threads * RESULTS * sizeof *out);
  cuda_launch (reductions, BLOCKS, block) (n, x, u, out);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int first = 0; first < threads; first += WARP)
      {
        int lanes = threads - first < WARP ? threads - first : WARP;
        float v[WARP];
        unsigned w[WARP], p[WARP];
        int k[WARP];
        for (int l = 0; l < lanes; l++)
          {
            long i = (long) b * threads + first + l;
            v[l] = i < n ? x[i] : 0;
            w[l] = i < n ? u[i] : 0;
            p[l] = i < n ? u[i] % 7 + 1 : 1;
            k[l] = i < n ? (int) u[i] % 1000 : 0;
          }
        REDUCE (float, v, lanes, WARP / 2, ADD);
        REDUCE (unsigned, w, lanes, 8, XOR_OF);
        REDUCE (unsigned, p, lanes, 16, MULTIPLY);
        REDUCE (int, k, lanes, 16, ADD);
        for (int l = 0; l < lanes; l++)
          {
            int t = first + l;
            unsigned x_index = t % block.x;
            long i = (long) b * threads + t;
            double want[RESULTS] = {
              [SUM] = x_index % WARP == 0 ? v[l] : 0,
              [XOR] = w[l],
              [PRODUCT] = (x_index & 31) == 0 ? p[l] : 0,
              [KEPT] = (x_index & 31) == 0 ? k[l] : 0,
            };
            for (int r = 0; r < RESULTS; r++)
              if (out[i * RESULTS + r] != want[r] && wrong++ < 10)
                printf ("block (%u, %u, %u): thread %ld result %d: %g, not "
                        "%g\n",
                        block.x, block.y, block.z, i, r,
                        out[i * RESULTS + r], want[r]);
          }
      }
  cuda_free_managed (x);
  cuda_free_managed (u);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int wrong = 0;
  cuda_dim3 blocks[] = { cuda_dim3 (256), cuda_dim3 (16, 4),
                         cuda_dim3 (32, 2, 2), cuda_dim3 (48), cuda_dim3 (20) };
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last two blocks'); the CPU backend
     takes those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 5;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("warp reductions: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "warp reductions: 0 wrong" } */
/* { dg-cudajit-levels all } */
