/* SPDX-License-Identifier: MIT */
/* bench/gemm (issue 47): the tensor-core GEMM of
   examples/gemm-tensor-cores.h against cuBLAS's cublasGemmEx, C = A B
   with M = N = K from 1024 to 16384, A and B of _Float16 and of bf16, C
   of float, all row-major.  One source for two compilers, as
   bench/rodinia's programs: bench/gemm-nvcc.cu includes this file, so
   that nvcc builds the same kernels; bench/gemm.sh runs both side by
   side (make bench-gemm).  Both find the header with -I examples.  The inputs
   are integers from -2 to 2, whose products' sums are exact in float in any
   order: each kernel's C must be cuBLAS's to the bit, which is checked at
   every size.  Each kernel and cuBLAS run untimed for GEMM_WARM_MS, with
   pauses for cudajit's background compilations, then back to back for
   GEMM_TIMED_MS at least and GEMM_REPEATS times, between two synchronizations
   of the device.  Prints for each size

     gemm: IMPL TYPE N: T ms, X TFLOP/s; cuBLAS T ms, X TFLOP/s; R of cuBLAS; C
   identical

   Usage: gemm [N...].  Without a GPU, it says so and exits with 77.  */

#define _POSIX_C_SOURCE 200809L

#include "gemm-tensor-cores.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __CUDACC__
#define IMPLEMENTATION "nvcc"
/* clang-format off */
#define LAUNCH_GEMM(kernel, n, a, b, c)                                       \
  kernel<<<dim3 ((n) / GEMM_BLOCK_TILE, (n) / GEMM_BLOCK_TILE),              \
           GEMM_THREADS, GEMM_SHARED_BYTES>>> (n, n, n, a, b, c)
/* clang-format on */
#else
#define IMPLEMENTATION "cudajit"
#define LAUNCH_GEMM(kernel, n, a, b, c)                                       \
  cuda_launch (                                                               \
      kernel, cuda_dim3 ((n) / GEMM_BLOCK_TILE, (n) / GEMM_BLOCK_TILE),       \
      GEMM_THREADS, .shared_bytes = GEMM_SHARED_BYTES) (n, n, n, a, b, c)
#endif

enum
{
  /* Long enough for cudajit's variant of each size (the kernel's
     specialization), compiled in the background after its third launch,
     to be ready; nvcc's build and cuBLAS warm up alike.  */
  GEMM_WARM_MS = 1500,
  GEMM_PAUSE_MS = 50,
  GEMM_TIMED_MS = 300,
  GEMM_REPEATS = 3,
  GEMM_SIZE_MAX = 16384,
  GEMM_VALUES = 5 /* the integers -2 to 2 */
};

static const int default_sizes[] = { 1024, 2048, 4096, 8192, 16384 };

static void
check_cuda (cudaError_t e, const char *what)
{
  if (e != cudaSuccess)
    {
      fprintf (stderr, "gemm: %s: %s\n", what, cudaGetErrorString (e));
      exit (1);
    }
}

static void
check_cublas (cublasStatus_t s, const char *what)
{
  if (s != CUBLAS_STATUS_SUCCESS)
    {
      fprintf (stderr, "gemm: %s: cuBLAS status %d\n", what, (int) s);
      exit (1);
    }
}

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
pause_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

/* What one product of size N is, for the timing loop: the kernel or
   cuBLAS on the device arrays.  */
struct gemm_job
{
  int is_cublas, is_bf16, n;
  const void *a, *b;
  float *c;
  cublasHandle_t handle;
};

static void
run_job (const struct gemm_job *job)
{
  int n = job->n;
  if (job->is_cublas)
    {
      /* Row-major C = A B is column-major C^T = B^T A^T.  */
      const float one = 1, zero = 0;
      cudaDataType_t type = job->is_bf16 ? CUDA_R_16BF : CUDA_R_16F;
      check_cublas (cublasGemmEx (job->handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n,
                                  n, &one, job->b, type, n, job->a, type, n,
                                  &zero, job->c, CUDA_R_32F, n,
                                  CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                    "cublasGemmEx");
    }
  else if (job->is_bf16)
    LAUNCH_GEMM (gemm_bf16_kernel, n, (const gemm_bf16 *) job->a,
                 (const gemm_bf16 *) job->b, job->c);
  else
    LAUNCH_GEMM (gemm_f16_kernel, n, (const gemm_f16 *) job->a,
                 (const gemm_f16 *) job->b, job->c);
}

/* JOB's mean time in ms, after its warm-up.  */
static double
time_job (const struct gemm_job *job)
{
  double start = seconds ();
  do
    {
      run_job (job);
      check_cuda (cudaDeviceSynchronize (), "warm-up");
      pause_ms (GEMM_PAUSE_MS);
    }
  while (seconds () - start < GEMM_WARM_MS * 1e-3);
  int runs = 0;
  start = seconds ();
  double elapsed;
  do
    {
      run_job (job);
      runs++;
      check_cuda (cudaDeviceSynchronize (), "timed runs");
      elapsed = seconds () - start;
    }
  while (runs < GEMM_REPEATS || elapsed < GEMM_TIMED_MS * 1e-3);
  return elapsed * 1e3 / runs;
}

/* The bits of -2 to 2 as _Float16 and as bf16: of 2^e, the exponent
   field e + 15 or e + 127 at bit 10 or 7.  */
static unsigned short
element_bits (int value, int is_bf16)
{
  if (value == 0)
    return 0;
  int magnitude = value < 0 ? -value : value;
  unsigned short exponent = magnitude == 2 ? 1 : 0;
  unsigned short bits = is_bf16 ? (unsigned short) ((exponent + 127) << 7)
                                : (unsigned short) ((exponent + 15) << 10);
  return value < 0 ? (unsigned short) (bits | 0x8000) : bits;
}

int
main (int argc, char **argv)
{
  int device_count = 0;
  if (cudaGetDeviceCount (&device_count) != cudaSuccess || device_count == 0)
    {
      puts ("gemm: no GPU; skipped");
      return 77;
    }
#ifdef __CUDACC__
  check_cuda (cudaFuncSetAttribute (
                  gemm_f16_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                  GEMM_SHARED_BYTES),
              "cudaFuncSetAttribute");
  check_cuda (
      cudaFuncSetAttribute (gemm_bf16_kernel,
                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                            GEMM_SHARED_BYTES),
      "cudaFuncSetAttribute");
#endif
  int sizes_given = argc - 1;
  int size_count
      = sizes_given ? sizes_given
                    : (int) (sizeof default_sizes / sizeof default_sizes[0]);
  int largest = 0;
  int *sizes = (int *) malloc (size_count * sizeof *sizes);
  for (int i = 0; i < size_count; i++)
    {
      sizes[i] = sizes_given ? atoi (argv[i + 1]) : default_sizes[i];
      if (sizes[i] <= 0 || sizes[i] % GEMM_BLOCK_TILE
          || sizes[i] > GEMM_SIZE_MAX)
        {
          fprintf (stderr, "gemm: %s: not a multiple of %d up to %d\n",
                   argv[i + 1], GEMM_BLOCK_TILE, GEMM_SIZE_MAX);
          return 2;
        }
      if (sizes[i] > largest)
        largest = sizes[i];
    }
  /* A and B of every size are the first N * N elements of these.  */
  size_t elements = (size_t) largest * largest;
  unsigned short *host = (unsigned short *) malloc (2 * elements * 2);
  float *c_kernel = (float *) malloc (elements * sizeof (float));
  float *c_cublas = (float *) malloc (elements * sizeof (float));
  void *a, *b;
  float *c;
  check_cuda (cudaMalloc (&a, elements * 2), "cudaMalloc");
  check_cuda (cudaMalloc (&b, elements * 2), "cudaMalloc");
  check_cuda (cudaMalloc ((void **) &c, elements * sizeof (float)),
              "cudaMalloc");
  cublasHandle_t handle;
  check_cublas (cublasCreate (&handle), "cublasCreate");
  int failed = 0;
  for (int is_bf16 = 0; is_bf16 < 2; is_bf16++)
    {
      unsigned short bits[GEMM_VALUES];
      for (int v = 0; v < GEMM_VALUES; v++)
        bits[v] = element_bits (v - 2, is_bf16);
      unsigned int seed = 47;
      for (size_t i = 0; i < 2 * elements; i++)
        {
          seed = seed * 1103515245u + 12345u;
          host[i] = bits[(seed >> 16) % GEMM_VALUES];
        }
      check_cuda (cudaMemcpy (a, host, elements * 2, cudaMemcpyHostToDevice),
                  "cudaMemcpy");
      check_cuda (cudaMemcpy (b, host + elements, elements * 2,
                              cudaMemcpyHostToDevice),
                  "cudaMemcpy");
      const char *type = is_bf16 ? "bf16" : "f16";
      for (int s = 0; s < size_count; s++)
        {
          int n = sizes[s];
          size_t bytes = (size_t) n * n * sizeof (float);
          struct gemm_job job = { 0, is_bf16, n, a, b, c, handle };
          check_cuda (cudaMemset (c, 0, bytes), "cudaMemset");
          double kernel_ms = time_job (&job);
          check_cuda (cudaMemcpy (c_kernel, c, bytes, cudaMemcpyDeviceToHost),
                      "cudaMemcpy");
          job.is_cublas = 1;
          check_cuda (cudaMemset (c, 0, bytes), "cudaMemset");
          double cublas_ms = time_job (&job);
          check_cuda (cudaMemcpy (c_cublas, c, bytes, cudaMemcpyDeviceToHost),
                      "cudaMemcpy");
          int identical = memcmp (c_kernel, c_cublas, bytes) == 0;
          double flop = 2.0 * n * n * n;
          printf ("gemm: %s %s %d: %.3f ms, %.1f TFLOP/s; cuBLAS %.3f ms, "
                  "%.1f TFLOP/s; %.2f of cuBLAS; C %s\n",
                  IMPLEMENTATION, type, n, kernel_ms, flop / kernel_ms * 1e-9,
                  cublas_ms, flop / cublas_ms * 1e-9, cublas_ms / kernel_ms,
                  identical ? "identical" : "DIFFERS");
          fflush (stdout);
          failed |= !identical;
        }
    }
  cublasDestroy (handle);
  cudaFree (a);
  cudaFree (b);
  cudaFree (c);
  return failed;
}
