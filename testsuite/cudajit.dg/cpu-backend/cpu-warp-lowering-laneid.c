/* A warp reduction by shuffles down whose result lane 0 keeps, chosen by
   cuda_laneid () == 0, then adds to its block's sum by an atomic; and an
   xor butterfly whose every lane keeps the warp's sum.  The CPU backend
   runs them in loops, with the lane computed from the thread's number.
   In blocks of 32, 256, 16 x 4 (where cuda_laneid () is not
   threadIdx.x % 32), 48 and 20 threads (the last two, partial warps, on
   the CPU backend only), each lane's result compared with plain C that
   computes what each lane of a warp gets.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers -fdump-tree-original" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 5
};

enum
{
  LANE,
  LANE_ZERO,
  BUTTERFLY,
  RESULTS
};

__attribute__ ((cuda_jit)) void
lanes (long n, const int *x, int *out, int *sums)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int v = i < n ? x[i] : 0;
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  if (cuda_laneid () == 0)
    {
      cuda_atomic_add (&sums[blockIdx.x], v);
      out[i * RESULTS + LANE_ZERO] = v;
    }
  out[i * RESULTS + LANE] = cuda_laneid ();

  int w = i < n ? x[i] % 100 : 0;
  for (int m = 16; m > 0; m /= 2)
    w += cuda_shfl_xor_sync (FULL, w, m);
  out[i * RESULTS + BUTTERFLY] = w;
}

static void
reduce (int *value, int lanes, int xor)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      int next[WARP];
      for (int l = 0; l < lanes; l++)
        {
          int source = xor ? l ^ d : l + d;
          next[l] = value[l] + (source < lanes ? value[source] : value[l]);
        }
      memcpy (value, next, sizeof next);
    }
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  long n = (long) BLOCKS * threads - 5;
  int *x = cuda_managed_array (BLOCKS * threads * sizeof *x);
  int *out = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);
  int *sums = cuda_managed_array (BLOCKS * sizeof *sums);
  for (long i = 0; i < BLOCKS * threads; i++)
    x[i] = (int) ((i * 7919) % 2003) - 1000;
  memset (out, 0, BLOCKS * threads * RESULTS * sizeof *out);
  memset (sums, 0, BLOCKS * sizeof *sums);
  cuda_launch (lanes, BLOCKS, block) (n, x, out, sums);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    {
      int sum = 0;
      for (int first = 0; first < threads; first += WARP)
        {
          int count = threads - first < WARP ? threads - first : WARP;
          int v[WARP], w[WARP];
          for (int l = 0; l < count; l++)
            {
              long i = (long) b * threads + first + l;
              v[l] = i < n ? x[i] : 0;
              w[l] = i < n ? x[i] % 100 : 0;
            }
          reduce (v, count, 0);
          reduce (w, count, 1);
          sum += v[0];
          for (int l = 0; l < count; l++)
            {
              long i = (long) b * threads + first + l;
              int want[RESULTS] = { [LANE] = l,
                                    [LANE_ZERO] = l == 0 ? v[0] : 0,
                                    [BUTTERFLY] = w[l] };
              for (int r = 0; r < RESULTS; r++)
                if (out[i * RESULTS + r] != want[r] && wrong++ < 10)
                  printf ("block (%u, %u, %u): thread %ld result %d: %d, "
                          "not %d\n",
                          block.x, block.y, block.z, i, r,
                          out[i * RESULTS + r], want[r]);
            }
        }
      if (sums[b] != sum && wrong++ < 10)
        printf ("block (%u, %u, %u): block %d's sum %d, not %d\n", block.x,
                block.y, block.z, b, sums[b], sum);
    }
  cuda_free_managed (x);
  cuda_free_managed (out);
  cuda_free_managed (sums);
  return wrong;
}

int
main (void)
{
  int wrong = 0;
  cuda_dim3 blocks[] = { cuda_dim3 (32), cuda_dim3 (256), cuda_dim3 (16, 4),
                         cuda_dim3 (48), cuda_dim3 (20) };
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last two blocks'); the CPU backend
     takes those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 5;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("warp reductions by cuda_laneid: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* The block function computes the lane, with no call to the runtime.  */
/* { dg-final { scan-host-original-times "cudajit_enter_thread \\(thread\\);, cuda_laneid" 0 } } */
/* { dg-output "warp reductions by cuda_laneid: 0 wrong" } */
/* { dg-cudajit-levels all } */
