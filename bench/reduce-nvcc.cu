/* SPDX-License-Identifier: MIT */
// The sum of 64 M doubles in device memory written by hand in CUDA C: a
// two-pass reduction (blocks fold grid-stride with warp shuffles, then
// one block folds their results), the result copied to the host; timed
// as bench/reduce-sum.c times cuda_reduce.  Build on a GPU machine:
// nvcc -O3 -arch=native -o reduce-nvcc bench/reduce-nvcc.cu
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const int BLOCK = 256;

__device__ double
block_sum (double v)
{
  __shared__ double warps[32];
  for (int delta = 16; delta > 0; delta >>= 1)
    v += __shfl_down_sync (0xffffffffu, v, delta);
  if (threadIdx.x % 32 == 0)
    warps[threadIdx.x / 32] = v;
  __syncthreads ();
  v = threadIdx.x < blockDim.x / 32 ? warps[threadIdx.x] : 0;
  if (threadIdx.x < 32)
    for (int delta = 16; delta > 0; delta >>= 1)
      v += __shfl_down_sync (0xffffffffu, v, delta);
  return v;
}

__global__ void
partial_sums (const double *a, long long n, double *partials)
{
  double v = 0;
  for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x;
       i < n; i += (long long) gridDim.x * blockDim.x)
    v += a[i];
  v = block_sum (v);
  if (threadIdx.x == 0)
    partials[blockIdx.x] = v;
}

__global__ void
final_sum (const double *partials, int count, double *result)
{
  double v = 0;
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    v += partials[i];
  v = block_sum (v);
  if (threadIdx.x == 0)
    *result = v;
}

int
main (int argc, char **argv)
{
  long long n = argc > 1 ? atoll (argv[1]) : 64LL << 20;
  std::vector<double> host (n);
  double expected = 0;
  for (long long i = 0; i < n; i++)
    expected += host[i] = i & 1023;
  int sms, per_sm;
  cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor (&per_sm, partial_sums,
                                                 BLOCK, 0);
  int blocks = sms * per_sm;
  double *a, *partials, *result_dev, result = 0;
  cudaMalloc (&a, n * sizeof (double));
  cudaMalloc (&partials, blocks * sizeof (double));
  cudaMalloc (&result_dev, sizeof (double));
  cudaMemcpy (a, host.data (), n * sizeof (double), cudaMemcpyHostToDevice);
  cudaEvent_t start, stop;
  cudaEventCreate (&start);
  cudaEventCreate (&stop);
  float best = INFINITY;
  for (int r = 0; r <= 20; r++)
    {
      cudaEventRecord (start);
      partial_sums<<<blocks, BLOCK>>> (a, n, partials);
      final_sum<<<1, 1024>>> (partials, blocks, result_dev);
      cudaMemcpy (&result, result_dev, sizeof result, cudaMemcpyDeviceToHost);
      cudaEventRecord (stop);
      cudaEventSynchronize (stop);
      float ms;
      cudaEventElapsedTime (&ms, start, stop);
      if (r > 0 && ms < best)
        best = ms;
    }
  printf ("reduce-nvcc: two-pass sum of %lld doubles by nvcc: %.4f ms%s\n",
          n, best, result == expected ? "" : " (WRONG RESULT)");
  return result != expected;
}
