/* Warp scans, loops of shuffles up by a delta that doubles, each lane
   adding what it gets where its lane is at least the delta, which the
   CPU backend's block function runs in lane 0 of each warp: of ints over
   a whole warp (one pass up the lanes), of floats (a loop a stage), of
   ints over part of the stages, and of unsigned ints whose lane is
   threadIdx.x & 15, with d <= 8, d <<= 1 and the shuffled value first.
   In blocks of one row of whole warps, of one row cut short (48, 20
   threads), of rows of 16 and of 32 x 2 x 2, with the last block partly
   past the end of the data.  Each result is compared with plain C that
   computes what each lane of a warp gets.  */
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

/* What each thread writes in out[i][...].  */
enum
{
  WHOLE,
  FLOAT,
  PART,
  HALF_LANES,
  RESULTS
};

__attribute__ ((cuda_jit)) void
scans (long n, const int *in, double *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int lane = threadIdx.x % WARP;

  int v = i < n ? in[i] : 0;
  for (int d = 1; d < WARP; d *= 2)
    {
      int before = cuda_shfl_up_sync (FULL, v, d);
      if (lane >= d)
        v += before;
    }
  out[i * RESULTS + WHOLE] = v;

  float f = i < n ? in[i] * 0.125f + 0.001f : 0;
  for (int d = 1; d < WARP; d *= 2)
    {
      float before = cuda_shfl_up_sync (FULL, f, d);
      if (lane >= d)
        f += before;
    }
  out[i * RESULTS + FLOAT] = f;

  int p = i < n ? in[i] : 0;
  for (int d = 1; d < 8; d *= 2)
    {
      int before = cuda_shfl_up_sync (FULL, p, d);
      if (d <= lane)
        p = p + before;
    }
  out[i * RESULTS + PART] = p;

  unsigned u = i < n ? (unsigned) in[i] * 2654435761u : 0;
  for (unsigned d = 1; d <= 8; d <<= 1)
    {
      unsigned before = cuda_shfl_up_sync (FULL, u, d);
      if ((threadIdx.x & 15) >= d)
        u = before ^ u;
    }
  out[i * RESULTS + HALF_LANES] = u;
}

/* The values of a warp of LANES lanes, whose threadIdx.x are X, after
   the stages of a shuffle up by FIRST, doubling while below LAST, each
   VALUE = OP (VALUE, shuffled) where LANE (X) is at least the delta.  */
#define SCAN(type, value, lanes, x, first, last, lane, op)                    \
  do                                                                          \
    {                                                                         \
      for (unsigned d = (first); d < (last); d *= 2)                          \
        {                                                                     \
          type next[WARP];                                                    \
          for (int l = 0; l < (lanes); l++)                                   \
            {                                                                 \
              type shuffled = l >= (int) d ? value[l - d] : value[l];         \
              next[l] = lane (x[l]) >= d ? op (value[l], shuffled)            \
                                          : value[l];                         \
            }                                                                 \
          memcpy (value, next, sizeof next);                                  \
        }                                                                     \
    }                                                                         \
  while (0)
#define ADD(a, b) ((a) + (b))
#define XOR_OF(a, b) ((b) ^ (a))
#define WARP_LANE(x) ((x) % WARP)
#define HALF_LANE(x) ((x) & 15)

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  long n = (long) BLOCKS * threads - 5;
  int *in = cuda_managed_array (BLOCKS * threads * sizeof *in);
  double *out = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);

  for (long i = 0; i < n; i++)
    in[i] = (int) ((i * 7919) % 2001) - 1000;
  memset (out, 0, BLOCKS * threads * RESULTS * sizeof *out);
  cuda_launch (scans, BLOCKS, block) (n, in, out);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int first = 0; first < threads; first += WARP)
      {
        int lanes = threads - first < WARP ? threads - first : WARP;
        int v[WARP], p[WARP];
        float f[WARP];
        unsigned u[WARP], x[WARP];
        for (int l = 0; l < lanes; l++)
          {
            long i = (long) b * threads + first + l;
            x[l] = (first + l) % block.x;
            v[l] = i < n ? in[i] : 0;
            f[l] = i < n ? in[i] * 0.125f + 0.001f : 0;
            p[l] = v[l];
            u[l] = i < n ? (unsigned) in[i] * 2654435761u : 0;
          }
        SCAN (int, v, lanes, x, 1, WARP, WARP_LANE, ADD);
        SCAN (float, f, lanes, x, 1, WARP, WARP_LANE, ADD);
        SCAN (int, p, lanes, x, 1, 8, WARP_LANE, ADD);
        SCAN (unsigned, u, lanes, x, 1, 9, HALF_LANE, XOR_OF);
        for (int l = 0; l < lanes; l++)
          {
            long i = (long) b * threads + first + l;
            double want[RESULTS] = {
              [WHOLE] = v[l],
              [FLOAT] = f[l],
              [PART] = p[l],
              [HALF_LANES] = u[l],
            };
            for (int r = 0; r < RESULTS; r++)
              if (out[i * RESULTS + r] != want[r] && wrong++ < 10)
                printf ("block (%u, %u, %u): thread %ld result %d: %g, not "
                        "%g\n",
                        block.x, block.y, block.z, i, r,
                        out[i * RESULTS + r], want[r]);
          }
      }
  cuda_free_managed (in);
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
  printf ("warp scans: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "warp scans: 0 wrong" } */
/* { dg-cudajit-levels all } */
