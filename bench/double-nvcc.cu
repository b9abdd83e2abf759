/* SPDX-License-Identifier: MIT */
/* The doubling of examples/double.c written by hand in CUDA C and built
   with nvcc, to compare cudajit's kernel and its memory calls with.  Build
   and run where nvcc and a GPU are:

     nvcc -O2 -arch=sm_90 -o double-nvcc bench/double-nvcc.cu
     ./double-nvcc [N [REPEATS]]  */

#include <cstdio>
#include <cstdlib>
#include <ctime>

__global__ void
double_kernel (const double *input_array, double *output_array, long n)
{
  long i = (long) blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    output_array[i] = input_array[i] * 2;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 30000000;
  int repeats = argc > 2 ? atoi (argv[2]) : 10;
  size_t bytes = n * sizeof (double);
  double *input = (double *) malloc (bytes);
  double *output = (double *) malloc (bytes);
  for (long i = 0; i < n; i++)
    input[i] = rand () / (RAND_MAX + 1.0);
  int threads = 128;
  long blocks = (n + threads - 1) / threads;

  double *dev_input, *dev_output;
  cudaMalloc (&dev_input, bytes);
  cudaMalloc (&dev_output, bytes);
  cudaMemcpy (dev_input, input, bytes, cudaMemcpyHostToDevice);
  double_kernel<<<blocks, threads>>> (dev_input, dev_output, n);
  cudaDeviceSynchronize ();
  double start = now_ms ();
  for (int r = 0; r < repeats; r++)
    double_kernel<<<blocks, threads>>> (dev_input, dev_output, n);
  cudaDeviceSynchronize ();
  double kernel_ms = (now_ms () - start) / repeats;
  cudaFree (dev_input);
  cudaFree (dev_output);

  start = now_ms ();
  for (int r = 0; r < repeats; r++)
    {
      double *in, *out;
      cudaMalloc (&in, bytes);
      cudaMalloc (&out, bytes);
      cudaMemcpy (in, input, bytes, cudaMemcpyHostToDevice);
      double_kernel<<<blocks, threads>>> (in, out, n);
      cudaMemcpy (output, out, bytes, cudaMemcpyDeviceToHost);
      cudaFree (in);
      cudaFree (out);
    }
  double copied_ms = (now_ms () - start) / repeats;

  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += output[i] != input[i] * 2;
  printf ("nvcc kernel with device arrays:              %10.3f ms\n",
          kernel_ms);
  printf ("nvcc whole call, host memory copied by hand: %10.3f ms\n",
          copied_ms);
  printf ("double-nvcc: %s\n", mismatches ? "FAILED" : "ok");
  return mismatches != 0;
}
