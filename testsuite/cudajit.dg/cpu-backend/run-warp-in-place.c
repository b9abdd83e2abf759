/* Shuffles down that the CPU backend's block function reads in place,
   from the variable that the statement sets (v = ... cuda_shfl_down_sync
   (FULL, v, d) ...), or the statement after it sets (int t =
   cuda_shfl_down_sync (FULL, v, d); if (...) v += t;), with no copy of it
   before the cut: in a loop, with the variable set again after the
   shuffle in the same pass over the threads, in a conditional, of a
   float with a delta and a width from the arguments (a delta past the
   width, too, but within the warp: a GPU takes a delta of a warp or more
   modulo the warp, which CUDA leaves undefined), and read by another shuffle afterwards; in blocks of 64 threads, of 16 x 8 and of
   32 x 2 x 2.  Each result is compared with plain C that computes what
   each lane of a warp gets.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  N = 3 * 256,
  WARP = 32,
  MODULUS = 1000
};

/* What each thread writes in out[i][...].  */
enum
{
  STEPS,
  FLOAT,
  NEIGHBOUR,
  HALF_SUM,
  RESULTS
};

__attribute__ ((cuda_jit)) void
in_place (const int *in, int delta, int width, long long *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  long long *o = &out[i * RESULTS];

  int v = in[i];
  for (int d = 1; d <= 4; d *= 2)
    {
      v = (v + cuda_shfl_down_sync (FULL, v, d)) % MODULUS;
      if (t % 3 == 0)
        v = -v;
    }
  o[STEPS] = v;

  float f = in[i] * 0.5f;
  f += cuda_shfl_down_sync (FULL, f, delta, width);
  o[FLOAT] = (long long) (f * 2);

  o[NEIGHBOUR] = cuda_shfl_xor_sync (FULL, v, 1);

  /* A conditional update by the value that the shuffle gives.  */
  int u = in[i];
  for (int d = 1; d < WARP / 2; d *= 2)
    {
      int t = cuda_shfl_down_sync (FULL, u, d);
      if (t % WARP / 2 + d < WARP / 2)
        u += t;
    }
  o[HALF_SUM] = u;
}

/* What lane L of a warp whose values are V gets from a shuffle down by
   DELTA in groups of WIDTH.  */
static int
down (const int *v, int l, int delta, int width)
{
  return l % width + delta < width ? v[l + delta] : v[l];
}

static int
check (cuda_dim3 block, int delta, int width)
{
  int threads = block.x * block.y * block.z;
  int blocks = N / threads;
  int *in = cuda_managed_array (N * sizeof *in);
  long long *out = cuda_managed_array (N * RESULTS * sizeof *out);

  for (long i = 0; i < N; i++)
    in[i] = (int) ((i * 7919) % 1009);
  memset (out, 0, N * RESULTS * sizeof *out);
  cuda_launch (in_place, blocks, block) (in, delta, width, out);
  cuda_synchronize ();

  int wrong = 0;
  for (long first = 0; first < N; first += WARP)
    {
      int v[WARP], next[WARP], doubled[WARP], u[WARP];
      for (int l = 0; l < WARP; l++)
        {
          v[l] = in[first + l];
          doubled[l] = in[first + l];
          u[l] = in[first + l];
        }
      for (int d = 1; d < WARP / 2; d *= 2)
        {
          for (int l = 0; l < WARP; l++)
            {
              int t = down (u, l, d, WARP);
              next[l] = u[l] + (t % WARP / 2 + d < WARP / 2 ? t : 0);
            }
          memcpy (u, next, sizeof u);
        }
      for (int d = 1; d <= 4; d *= 2)
        {
          for (int l = 0; l < WARP; l++)
            {
              next[l] = (v[l] + down (v, l, d, WARP)) % MODULUS;
              if ((first + l) % threads % 3 == 0)
                next[l] = -next[l];
            }
          memcpy (v, next, sizeof v);
        }
      for (int l = 0; l < WARP; l++)
        {
          const long long *o = &out[(first + l) * RESULTS];
          long long want[RESULTS] = {
            [STEPS] = v[l],
            [FLOAT] = doubled[l] + down (doubled, l, delta, width),
            [NEIGHBOUR] = v[l ^ 1],
            [HALF_SUM] = u[l],
          };
          for (int r = 0; r < RESULTS; r++)
            if (o[r] != want[r] && wrong++ < 10)
              printf ("block (%u, %u, %u), delta %d, width %d: thread %ld "
                      "result %d: %lld, not %lld\n",
                      block.x, block.y, block.z, delta, width, first + l, r,
                      o[r], want[r]);
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
  cuda_dim3 blocks[] = { cuda_dim3 (64), cuda_dim3 (16, 8),
                         cuda_dim3 (32, 2, 2) };
  for (int b = 0; b < 3; b++)
    wrong += check (blocks[b], 3, 8) + check (blocks[b], 5, WARP)
             + check (blocks[b], 12, 8);
  printf ("shuffles in place: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "shuffles in place: 0 wrong" } */
/* { dg-cudajit-levels all } */
