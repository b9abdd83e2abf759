/* SPDX-License-Identifier: MIT */
/* Seed 003's CUDA Array Interface, in C.  A device array is a plain
   pointer, in cudajit as in the CUDA runtime, so what Numba and CuPy need
   the interface for takes nothing here: memory from cudaMalloc goes to a
   kernel as it is, and a cudajit device array to the CUDA runtime.  Each
   result is checked against plain C.

   Built only where configure found the CUDA toolkit, for cuda_runtime.h
   and libcudart.  It needs the GPU backend: without it, it says so and
   exits with 77, which make run-examples reports as SKIP.  */

#include <cudajit.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
add (const float *x, const float *y, float *out, long n)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
add_one (float *x, long n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] += 1;
}

__attribute__ ((cuda_jit)) void
initialize (float *x, long n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = 3.14f;
}

enum
{
  N = 10,
  NELEMS = 32
};

static void
check (cudaError_t error, const char *what)
{
  if (error == cudaSuccess)
    return;
  fprintf (stderr, "interop: %s: %s\n", what, cudaGetErrorString (error));
  exit (1);
}

static void
print (const char *what, const float *x, int n)
{
  printf ("interop: %s:", what);
  for (int i = 0; i < n; i++)
    printf (" %g", x[i]);
  printf ("\n");
}

static double
mean (const float *x, int n)
{
  double sum = 0;

  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum / n;
}

int
main (void)
{
  float a[N], b[N], out[N], x[N], seen[N], arr_host[NELEMS];
  float *a_cudart, *b_cudart, *out_cudart, *x_cudajit, *arr;
  cudaStream_t stream;
  long mismatches = 0;

  /* Kernels on the CPU backend cannot reach memory from cudaMalloc.  */
  if (!cuda_is_available ())
    {
      printf ("interop: kernels do not run on a GPU here; skipped\n");
      return 77;
    }

  /* A cudajit kernel on memory from cudaMalloc, as seed 003 calls a Numba
     kernel on CuPy arrays.  */
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = a[i] * 2;
    }
  check (cudaMalloc ((void **) &a_cudart, sizeof a), "cudaMalloc");
  check (cudaMalloc ((void **) &b_cudart, sizeof b), "cudaMalloc");
  check (cudaMalloc ((void **) &out_cudart, sizeof out), "cudaMalloc");
  check (cudaMemcpy (a_cudart, a, sizeof a, cudaMemcpyHostToDevice),
         "cudaMemcpy");
  check (cudaMemcpy (b_cudart, b, sizeof b, cudaMemcpyHostToDevice),
         "cudaMemcpy");
  check (cudaMemset (out_cudart, 0, sizeof out), "cudaMemset");
  cuda_launch (add, 1, 32) (a_cudart, b_cudart, out_cudart, N);
  /* On the default stream, as the launch: it waits for the kernel.  */
  check (cudaMemcpy (out, out_cudart, sizeof out, cudaMemcpyDeviceToHost),
         "cudaMemcpy");
  print ("a + b", out, N);
  for (int i = 0; i < N; i++)
    mismatches += out[i] != a[i] + b[i];

  /* A cudajit device array given to the CUDA runtime, as seed 003 views a
     Numba device array as a CuPy array: both see the same memory, so what
     a kernel does to it the runtime sees too.  */
  for (int i = 0; i < N; i++)
    x[i] = i;
  x_cudajit = cuda_to_device (x, sizeof x);
  check (cudaMemcpy (seen, x_cudajit, sizeof seen, cudaMemcpyDeviceToHost),
         "cudaMemcpy");
  printf ("interop: mean through cudaMemcpy: %g", mean (seen, N));
  for (int i = 0; i < N; i++)
    mismatches += seen[i] != x[i];
  cuda_launch (add_one, 1, 32) (x_cudajit, N);
  check (cudaMemcpy (seen, x_cudajit, sizeof seen, cudaMemcpyDeviceToHost),
         "cudaMemcpy");
  printf (", after add_one: %g\n", mean (seen, N));
  for (int i = 0; i < N; i++)
    mismatches += seen[i] != x[i] + 1;
  /* And the other way: the runtime writes, cudajit reads.  */
  check (cudaMemset (x_cudajit, 0, sizeof x), "cudaMemset");
  cuda_copy_to_host (seen, x_cudajit, sizeof seen);
  for (int i = 0; i < N; i++)
    mismatches += seen[i] != 0;

  /* Seed 003's MyFloatArray: memory of the CUDA runtime, initialized by a
     kernel, here on a stream of the CUDA runtime too, and copied back by
     cudajit, as Numba's as_cuda_array (arr).copy_to_host ().  */
  check (cudaMalloc ((void **) &arr, sizeof arr_host), "cudaMalloc");
  check (cudaStreamCreate (&stream), "cudaStreamCreate");
  cuda_launch (initialize, 1, 32, .stream = stream) (arr, NELEMS);
  check (cudaStreamSynchronize (stream), "cudaStreamSynchronize");
  cuda_copy_to_host (arr_host, arr, sizeof arr_host);
  printf ("interop: initialize on cudaMalloc memory and a cudaStream: "
          "arr[0] = %g, arr[%d] = %g\n",
          arr_host[0], NELEMS - 1, arr_host[NELEMS - 1]);
  for (int i = 0; i < NELEMS; i++)
    mismatches += arr_host[i] != 3.14f;

  check (cudaStreamDestroy (stream), "cudaStreamDestroy");
  check (cudaFree (arr), "cudaFree");
  cuda_free (x_cudajit);
  check (cudaFree (out_cudart), "cudaFree");
  check (cudaFree (b_cudart), "cudaFree");
  check (cudaFree (a_cudart), "cudaFree");
  printf ("interop: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
