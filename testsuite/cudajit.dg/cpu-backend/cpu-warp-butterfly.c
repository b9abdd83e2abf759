/* Xor butterflies, which the CPU backend runs in lane 0 of each warp
   after one cut, computing each group's value once and copying it to
   the group's lanes: over the whole warp with deltas halving and
   doubling, over groups of 16 lanes (deltas 8 to 1) and 8 (1 to 4), of
   unsigned sums, xors and products and of floats with the shuffle's
   value first, whose order of additions the result shows; and one whose
   lane 0 alone reads the result.  In blocks of 32, 256, 16 x 8 and, of
   the butterflies over groups, 48 and 8 x 6, where a warp has 16 lanes:
   every lane's result compared with plain C that runs a warp's lanes in
   lockstep, each adding its own value and its partner's.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers -fdump-tree-original" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 3,
  MOST_THREADS = 256,
  N = BLOCKS * MOST_THREADS
};

/* The butterflies, as main simulates them; each but the floats' is
   what the threads write in out[i][...].  */
enum
{
  SUM_HALVING,
  FLOAT_DOUBLING,
  XOR_GROUPS_16,
  PRODUCT_GROUPS_8,
  RESULTS
};

#define THREAD (threadIdx.x + blockDim.x * threadIdx.y)
#define INDEX (blockIdx.x * (blockDim.x * blockDim.y) + THREAD)

__attribute__ ((cuda_jit)) void
sum_halving (const unsigned x[N], unsigned out[N][RESULTS])
{
  unsigned v = x[INDEX];
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_xor_sync (FULL, v, d);
  out[INDEX][SUM_HALVING] = v;
}

__attribute__ ((cuda_jit)) void
float_doubling (const float f[N], float sums[N])
{
  float v = f[INDEX];
  for (int d = 1; d < WARP; d <<= 1)
    v = cuda_shfl_xor_sync (FULL, v, d) + v;
  sums[INDEX] = v;
}

__attribute__ ((cuda_jit)) void
groups (const unsigned x[N], unsigned out[N][RESULTS])
{
  unsigned v = x[INDEX], p = x[INDEX] | 1;
  for (unsigned d = 8; d >= 1; d >>= 1)
    v ^= cuda_shfl_xor_sync (FULL, v, d);
  for (int d = 1; d <= 4; d *= 2)
    p *= cuda_shfl_xor_sync (FULL, p, d);
  out[INDEX][XOR_GROUPS_16] = v;
  out[INDEX][PRODUCT_GROUPS_8] = p;
}

/* Lane 0 alone reads the sum.  */
__attribute__ ((cuda_jit)) void
lane_zero (const unsigned x[N], unsigned sums[N])
{
  unsigned v = x[INDEX];
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_xor_sync (FULL, v, d);
  if (threadIdx.x % WARP == 0)
    sums[INDEX / WARP] = v;
}

static unsigned x[N], out[N][RESULTS], sums[N];
static float f[N], fsums[N];

/* A warp's butterfly in lockstep: LANES values at V, stages of DELTAS
   (COUNT of them) by operation OP, a lane whose partner does not exist
   keeping its own.  */
static void
simulate (unsigned *v, int lanes, const int *deltas, int count, char op)
{
  for (int s = 0; s < count; s++)
    {
      unsigned was[WARP];
      memcpy (was, v, lanes * sizeof *v);
      for (int l = 0; l < lanes; l++)
        {
          int partner = l ^ deltas[s];
          unsigned other = partner < lanes ? was[partner] : was[l];
          if (op == '+')
            v[l] = was[l] + other;
          else if (op == '^')
            v[l] = was[l] ^ other;
          else if (op == '*')
            v[l] = was[l] * other;
          else
            {
              float a, b, sum;
              memcpy (&a, &other, sizeof a);
              memcpy (&b, &was[l], sizeof b);
              sum = a + b;
              memcpy (&v[l], &sum, sizeof sum);
            }
        }
    }
}

/* Whether lane L's group of the stages in BITS exists whole in a warp of
   LANES lanes, so that CUDA defines its result.  */
static int
defined_p (int l, int bits, int lanes)
{
  return (l | bits) < lanes;
}

int
main (void)
{
  static const cuda_dim3 shapes[] = { { 32, 1, 1 },
                                      { 256, 1, 1 },
                                      { 16, 8, 1 },
                                      { 48, 1, 1 },
                                      { 8, 6, 1 } };
  static const int halving[] = { 16, 8, 4, 2, 1 },
                   doubling[] = { 1, 2, 4, 8, 16 },
                   groups_16[] = { 8, 4, 2, 1 }, groups_8[] = { 1, 2, 4 };
  int wrong = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = i * 2654435761u ^ i >> 3;
      /* Magnitudes far apart, so that the order of the additions
         shows.  */
      f[i] = (float) (x[i] % 1000) * (i % 3 == 0 ? 1e6f : 1e-3f);
    }
  for (unsigned sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
    {
      int threads = shapes[sh].x * shapes[sh].y;
      int whole = threads % WARP == 0;
      memset (out, 0, sizeof out);
      if (whole)
        {
          cuda_launch (sum_halving, BLOCKS, shapes[sh]) (x, out);
          cuda_launch (float_doubling, BLOCKS, shapes[sh]) (f, fsums);
          cuda_launch (lane_zero, BLOCKS, shapes[sh]) (x, sums);
        }
      cuda_launch (groups, BLOCKS, shapes[sh]) (x, out);
      cuda_synchronize ();
      for (int first = 0; first < BLOCKS * threads; first += WARP)
        {
          int block_end = (first / threads + 1) * threads;
          int lanes = block_end - first < WARP ? block_end - first : WARP;
          unsigned v[RESULTS][WARP];
          for (int l = 0; l < lanes; l++)
            {
              v[SUM_HALVING][l] = x[first + l];
              memcpy (&v[FLOAT_DOUBLING][l], &f[first + l], sizeof (float));
              v[XOR_GROUPS_16][l] = x[first + l];
              v[PRODUCT_GROUPS_8][l] = x[first + l] | 1;
            }
          simulate (v[SUM_HALVING], lanes, halving, 5, '+');
          simulate (v[FLOAT_DOUBLING], lanes, doubling, 5, 'f');
          simulate (v[XOR_GROUPS_16], lanes, groups_16, 4, '^');
          simulate (v[PRODUCT_GROUPS_8], lanes, groups_8, 3, '*');
          for (int l = 0; l < lanes; l++)
            {
              if (whole)
                {
                  wrong += out[first + l][SUM_HALVING] != v[SUM_HALVING][l];
                  wrong += memcmp (&fsums[first + l], &v[FLOAT_DOUBLING][l],
                                   sizeof (float))
                           != 0;
                }
              if (defined_p (l, 15, lanes))
                wrong
                    += out[first + l][XOR_GROUPS_16] != v[XOR_GROUPS_16][l];
              if (defined_p (l, 7, lanes))
                wrong += out[first + l][PRODUCT_GROUPS_8]
                         != v[PRODUCT_GROUPS_8][l];
            }
          if (whole && shapes[sh].y == 1)
            wrong += sums[first / WARP] != v[SUM_HALVING][0];
        }
    }

  printf ("xor butterflies: %d wrong\n", wrong);
  return wrong != 0;
}

/* No shuffle is cut on its own: every butterfly is a warp loop.  */
/* { dg-final { scan-host-original-times "cudajit_warp_slot \\(cudajit_shfl" 0 } } */
/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "xor butterflies: 0 wrong" } */
/* { dg-cudajit-levels all } */
