/* Branches of warp functions that whole warps take and that set the
   kernel's variables, declared before them, which the threads that do
   not take them keep: cuda-samples' reduction (reduce4: a tree in shared
   memory down to 64, then if (tid < 32) the first warp adds its second
   half and reduces by shuffles down into the kernel's sum), and a branch
   of the odd warps that sets two of the kernel's variables, read before
   it too, by an xor butterfly, a shuffle of the other, which every
   thread runs, and an increment; and a shuffle alone in a branch of the
   first warp (if (threadIdx.x < 32)), whose threads the loops over the
   threads are bounded to.  On the CPU
   backend's loops, not as fibers (no warning), at -O0 to -O3; in blocks
   of 64, 128 and 256 threads, every result compared with plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  MOST_THREADS = 256,
  N = 3000
};

__attribute__ ((cuda_jit)) void
reduce4 (const int *g_idata, int *g_odata, unsigned int n)
{
  static __attribute__ ((cuda_shared)) int sdata[MOST_THREADS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  int mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n)
    mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  cuda_syncthreads ();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1)
    {
      if (tid < s)
        sdata[tid] = mySum = mySum + sdata[tid + s];
      cuda_syncthreads ();
    }
  if (tid < 32)
    {
      if (blockDim.x >= 64)
        mySum += sdata[tid + 32];
      for (int offset = WARP / 2; offset > 0; offset /= 2)
        mySum += cuda_shfl_down_sync (FULL, mySum, offset);
    }
  if (tid == 0)
    g_odata[blockIdx.x] = mySum;
}

__attribute__ ((cuda_jit)) void
odd_warps (const int *x, int *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i], count = v % 7;
  if (threadIdx.x / WARP % 2 == 1)
    {
      v = v * 3 + count;
      for (int d = 1; d < WARP; d *= 2)
        v += cuda_shfl_xor_sync (FULL, v, d);
      v -= cuda_shfl_xor_sync (FULL, count, 1);
      count++;
    }
  out[2 * i] = v;
  out[2 * i + 1] = count;
}

__attribute__ ((cuda_jit)) void
first_warp (const int *x, int *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  if (threadIdx.x < WARP)
    v += cuda_shfl_xor_sync (FULL, v, 1);
  out[i] = v;
}

static int
check (unsigned int threads, const int *x)
{
  unsigned int blocks = (N + threads * 2 - 1) / (threads * 2);
  int *sums = cuda_managed_array (blocks * sizeof *sums);
  int *out = cuda_managed_array (2 * N * sizeof *out);
  int wrong = 0;

  cuda_launch (reduce4, blocks, threads) (x, sums, N);
  cuda_synchronize ();
  for (unsigned int b = 0; b < blocks; b++)
    {
      int want = 0;
      for (unsigned int i = b * threads * 2; i < (b + 1) * threads * 2 && i < N;
           i++)
        want += x[i];
      if (sums[b] != want && wrong++ < 10)
        printf ("reduce4, %u threads: block %u: %d, not %d\n", threads, b,
                sums[b], want);
    }

  unsigned int full = N / threads;
  cuda_launch (odd_warps, full, threads) (x, out);
  cuda_synchronize ();
  for (unsigned int first = 0; first < full * threads; first += WARP)
    {
      int odd = first % threads / WARP % 2 == 1;
      int v[WARP], sum = 0;
      for (int l = 0; l < WARP; l++)
        {
          v[l] = x[first + l] * 3 + x[first + l] % 7;
          sum += v[l];
        }
      for (int l = 0; l < WARP; l++)
        {
          int want_v = odd ? sum - x[first + (l ^ 1)] % 7 : x[first + l];
          int want_count = x[first + l] % 7 + odd;
          if ((out[2 * (first + l)] != want_v
               || out[2 * (first + l) + 1] != want_count)
              && wrong++ < 10)
            printf ("odd_warps, %u threads: thread %u: %d %d, not %d %d\n",
                    threads, first + l, out[2 * (first + l)],
                    out[2 * (first + l) + 1], want_v, want_count);
        }
    }

  cuda_launch (first_warp, full, threads) (x, out);
  cuda_synchronize ();
  for (unsigned int i = 0; i < full * threads; i++)
    {
      int want = x[i] + (i % threads < WARP ? x[i ^ 1] : 0);
      if (out[i] != want && wrong++ < 10)
        printf ("first_warp, %u threads: thread %u: %d, not %d\n", threads, i,
                out[i], want);
    }
  cuda_free_managed (sums);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int *x = cuda_managed_array (N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = (int) ((i * 7919u) % 1009) - 500;
  int wrong = check (64, x) + check (128, x) + check (MOST_THREADS, x);
  cuda_free_managed (x);
  if (wrong)
    return 1;
  puts ("branches of warp functions ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "branches of warp functions ok" } */
/* { dg-cudajit-levels all } */
