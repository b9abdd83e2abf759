/* Shuffles whose mask is some lanes of a warp, in a branch that those
   lanes take: the CUDA samples' shfl_scan (each warp's inclusive scan,
   then warp 0's lanes below the block's warps scan the warps' sums with
   the mask and the width of those lanes), and a shuffle up of the first
   8 lanes of each warp (if (lane < 8) v += cuda_shfl_up_sync (0xff, v,
   1, 8);).  On the CPU backend's loops, not as fibers (no warning), at
   -O0 to -O3; in blocks of 64, 128 and 256 threads, every result compared
   with plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  WARP = 32,
  N = 1024
};

__attribute__ ((cuda_jit)) void
shfl_scan_test (int *data, int width, int *partial_sums)
{
  static __attribute__ ((cuda_shared)) int sums[WARP];
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % WARP;
  int warp_id = threadIdx.x / WARP;
  int value = data[id];
  for (int i = 1; i <= width; i *= 2)
    {
      unsigned int mask = 0xffffffff;
      int n = cuda_shfl_up_sync (mask, value, i, width);
      if (lane_id >= i)
        value += n;
    }
  if (threadIdx.x % WARP == WARP - 1)
    sums[warp_id] = value;
  cuda_syncthreads ();
  if (warp_id == 0 && lane_id < (blockDim.x / WARP))
    {
      int warp_sum = sums[lane_id];
      int mask = (1 << (blockDim.x / WARP)) - 1;
      for (int i = 1; i <= (blockDim.x / WARP); i *= 2)
        {
          int n = cuda_shfl_up_sync (mask, warp_sum, i, (blockDim.x / WARP));
          if (lane_id >= i)
            warp_sum += n;
        }
      sums[lane_id] = warp_sum;
    }
  cuda_syncthreads ();
  int blockSum = 0;
  if (warp_id > 0)
    blockSum = sums[warp_id - 1];
  value += blockSum;
  data[id] = value;
  if (partial_sums != NULL && threadIdx.x == blockDim.x - 1)
    partial_sums[blockIdx.x] = value;
}

__attribute__ ((cuda_jit)) void
first_lanes (int *data)
{
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % WARP;
  int v = data[id];
  if (lane < 8)
    v += cuda_shfl_up_sync (0xff, v, 1, 8);
  data[id] = v;
}

static int
input (int i)
{
  return i % 13 - 6;
}

static int
check (unsigned int threads)
{
  unsigned int blocks = N / threads;
  int *data = cuda_managed_array (N * sizeof *data);
  int *partial = cuda_managed_array (blocks * sizeof *partial);
  int wrong = 0;

  for (int i = 0; i < N; i++)
    data[i] = input (i);
  cuda_launch (shfl_scan_test, blocks, threads) (data, WARP, partial);
  cuda_synchronize ();
  for (unsigned int b = 0; b < blocks; b++)
    {
      int sum = 0;
      for (unsigned int t = 0; t < threads; t++)
        {
          int i = b * threads + t;
          sum += input (i);
          if (data[i] != sum && wrong++ < 10)
            printf ("shfl_scan_test, %u threads: thread %d: %d, not %d\n",
                    threads, i, data[i], sum);
        }
      if (partial[b] != sum && wrong++ < 10)
        printf ("shfl_scan_test, %u threads: block %u's sum: %d, not %d\n",
                threads, b, partial[b], sum);
    }

  for (int i = 0; i < N; i++)
    data[i] = input (i);
  cuda_launch (first_lanes, blocks, threads) (data);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    {
      int lane = i % threads % WARP;
      int want = input (i) + (lane >= 1 && lane < 8 ? input (i - 1) : 0)
                 + (lane == 0 ? input (i) : 0);
      if (data[i] != want && wrong++ < 10)
        printf ("first_lanes, %u threads: thread %d: %d, not %d\n", threads,
                i, data[i], want);
    }
  cuda_free_managed (data);
  cuda_free_managed (partial);
  return wrong;
}

int
main (void)
{
  int wrong = check (64) + check (128) + check (256);
  if (wrong)
    return 1;
  puts ("partial masks ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "partial masks ok" } */
/* { dg-cudajit-levels all } */
