// SPDX-License-Identifier: MIT
// bench/vector-copy's kernels in CUDA C, compiled by nvcc: the rate that
// cudajit's float and cuda_float4 copies are measured against.
//
//   vector-copy-nvcc [N]
//
// prints the GB/s of each (bytes read and written, per second), the best
// of ROUNDS rounds, and checks that both copies are exact; without a GPU
// it exits with status 77.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

enum
{
  DEFAULT_N = 1 << 26,
  FLOATS_PER_VECTOR = 4,
  BLOCK = 256,
  ROUNDS = 10,
  /* The exit status of a run without a GPU, as the testsuite's.  */
  SKIPPED = 77
};

#define CHECK(call)                                                           \
  do                                                                          \
    {                                                                         \
      cudaError_t e = (call);                                                 \
      if (e != cudaSuccess)                                                   \
        {                                                                     \
          fprintf (stderr, "vector-copy-nvcc: %s: %s\n", #call,               \
                   cudaGetErrorString (e));                                   \
          exit (1);                                                           \
        }                                                                     \
    }                                                                         \
  while (0)

__global__ void
copy_scalar (long n, const float *in, float *out)
{
  long i = (long) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void
copy_float4 (long n, const float4 *in, float4 *out)
{
  long i = (long) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

static double
best_rate (bool float4s, long n, float *in, float *out)
{
  long threads = float4s ? n / FLOATS_PER_VECTOR : n;
  unsigned int blocks = (unsigned int) ((threads + BLOCK - 1) / BLOCK);
  cudaEvent_t start, stop;
  float best = 1e30f;

  CHECK (cudaEventCreate (&start));
  CHECK (cudaEventCreate (&stop));
  for (int r = -1; r < ROUNDS; r++)
    {
      CHECK (cudaEventRecord (start));
      if (float4s)
        copy_float4<<<blocks, BLOCK>>> (threads, (const float4 *) in,
                                        (float4 *) out);
      else
        copy_scalar<<<blocks, BLOCK>>> (threads, in, out);
      CHECK (cudaEventRecord (stop));
      CHECK (cudaEventSynchronize (stop));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, start, stop));
      if (r >= 0 && ms < best)
        best = ms;
    }
  CHECK (cudaEventDestroy (start));
  CHECK (cudaEventDestroy (stop));
  return 2.0 * n * sizeof (float) / (best / 1e3) / 1e9;
}

static bool
copied (const std::vector<float> &host, float *out, long n)
{
  std::vector<float> back (n);
  CHECK (cudaMemcpy (back.data (), out, n * sizeof (float),
                     cudaMemcpyDeviceToHost));
  CHECK (cudaMemset (out, 0, sizeof (float)));
  return memcmp (host.data (), back.data (), n * sizeof (float)) == 0;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : DEFAULT_N;
  if (n < FLOATS_PER_VECTOR || n % FLOATS_PER_VECTOR)
    {
      fprintf (stderr, "usage: vector-copy-nvcc [N (a multiple of %d)]\n",
               FLOATS_PER_VECTOR);
      return 2;
    }
  int devices;
  if (cudaGetDeviceCount (&devices) != cudaSuccess || devices == 0)
    {
      fprintf (stderr, "vector-copy-nvcc: no GPU, skipped\n");
      return SKIPPED;
    }
  std::vector<float> host (n);
  for (long i = 0; i < n; i++)
    host[i] = (float) (i % 1000003);
  float *in, *out;
  CHECK (cudaMalloc (&in, n * sizeof (float)));
  CHECK (cudaMalloc (&out, n * sizeof (float)));
  CHECK (cudaMemcpy (in, host.data (), n * sizeof (float),
                     cudaMemcpyHostToDevice));

  double scalar = best_rate (false, n, in, out);
  bool scalar_ok = copied (host, out, n);
  double vector = best_rate (true, n, in, out);
  bool vector_ok = copied (host, out, n);

  printf ("vector-copy-nvcc: %ld floats (%.0f MB), best of %d\n", n,
          n * sizeof (float) / 1e6, ROUNDS);
  printf ("  float        %8.1f GB/s%s\n", scalar,
          scalar_ok ? "" : " (WRONG)");
  printf ("  float4       %8.1f GB/s%s\n", vector,
          vector_ok ? "" : " (WRONG)");
  printf ("  float4 / float %6.2f\n", vector / scalar);
  CHECK (cudaFree (in));
  CHECK (cudaFree (out));
  return scalar_ok && vector_ok ? 0 : 1;
}
