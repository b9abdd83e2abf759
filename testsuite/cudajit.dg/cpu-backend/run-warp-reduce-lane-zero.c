/* cuda_warp_reduce whose result only the threads with threadIdx.x % 32
   == 0 read, which the CPU backend's lane 0 computes alone: of int by
   CUDA_ADD, float by CUDA_MAX and long long by CUDA_MIN; and whose
   result every lane reads, of unsigned int by CUDA_XOR.  On the loops,
   not as fibers (no warning), at -O0 to -O3; in blocks of 32, 256,
   16 x 8 (where lane 16 of each warp reads its warp's result too) and
   48 threads (a last warp of 16 lanes).  Each result is compared with
   plain C that combines each warp's values in order.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  WARP = 32,
  N = 3 * 256
};

enum
{
  SUM,
  MAX,
  MIN,
  XOR,
  RESULTS
};

__attribute__ ((cuda_jit)) void
lane_zero (const int x[N], long long out[N][RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned i = blockIdx.x * threads + threadIdx.x + blockDim.x * threadIdx.y;
  int sum = cuda_warp_reduce (x[i], CUDA_ADD);
  float max = cuda_warp_reduce (x[i] * 0.5f, CUDA_MAX);
  long long min = cuda_warp_reduce ((long long) x[i] << 33, CUDA_MIN);
  unsigned flipped = cuda_warp_reduce ((unsigned) x[i] * 40503u, CUDA_XOR);
  if (threadIdx.x % WARP == 0)
    {
      out[i][SUM] = sum;
      out[i][MAX] = (long long) (max * 2);
      out[i][MIN] = min;
    }
  out[i][XOR] = flipped;
}

static int
check (cuda_dim3 block, const int *x)
{
  unsigned threads = block.x * block.y;
  unsigned blocks = N / threads;
  unsigned warps = (threads + WARP - 1) / WARP;
  long long (*out)[RESULTS] = cuda_managed_array (N * sizeof *out);
  memset (out, 0, N * sizeof *out);
  cuda_launch (lane_zero, blocks, block) (x, out);
  cuda_synchronize ();

  int wrong = 0;
  for (unsigned warp = 0; warp < blocks * warps; warp++)
    {
      unsigned in_block = warp % warps * WARP;
      unsigned first = warp / warps * threads + in_block;
      unsigned lanes = threads - in_block < WARP ? threads - in_block : WARP;
      int sum = 0;
      float max = x[first] * 0.5f;
      long long min = (long long) x[first] << 33;
      unsigned flipped = 0;
      for (unsigned l = 0; l < lanes; l++)
        {
          sum += x[first + l];
          max = x[first + l] * 0.5f > max ? x[first + l] * 0.5f : max;
          min = (long long) x[first + l] << 33 < min
                    ? (long long) x[first + l] << 33
                    : min;
          flipped ^= (unsigned) x[first + l] * 40503u;
        }
      for (unsigned l = 0; l < lanes; l++)
        {
          unsigned t = in_block + l;
          int reads = t % block.x % WARP == 0;
          long long want[RESULTS] = {
            [SUM] = reads ? sum : 0,
            [MAX] = reads ? (long long) (max * 2) : 0,
            [MIN] = reads ? min : 0,
            [XOR] = flipped,
          };
          for (int r = 0; r < RESULTS; r++)
            if (out[first + l][r] != want[r] && wrong++ < 10)
              printf ("block (%u, %u): thread %u result %d: %lld, not %lld\n",
                      block.x, block.y, first + l, r, out[first + l][r],
                      want[r]);
        }
    }
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int *x = cuda_managed_array (N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = (int) ((i * 7919u) % 2003) - 1000;
  int wrong = check (cuda_dim3 (32), x) + check (cuda_dim3 (256), x)
              + check (cuda_dim3 (16, 8), x) + check (cuda_dim3 (48), x);
  cuda_free_managed (x);
  if (wrong)
    return 1;
  puts ("lane 0's warp reductions ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "lane 0's warp reductions ok" } */
/* { dg-cudajit-levels all } */
