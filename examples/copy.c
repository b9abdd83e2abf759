/* SPDX-License-Identifier: MIT */
/* Seed 001's programs.  foo copies input_array to output_array, first
   with the index computed by hand from threadIdx.x, blockIdx.x and
   blockDim.x and checked against the array's size, on as many blocks of
   32 threads as cover the array; then with cuda_grid_x (cuda.grid(1)) on
   one block of len(input) threads.  Last, the grid-stride add on arrays
   already on the GPU (CuPy's, in the seed).  Host arrays go to the
   kernels as they are: their declared extents let cudajit copy them, as
   Numba copies NumPy arrays.  */

#include "notebook.h"
#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
foo (long size, const long long input_array[size], double output_array[size])
{
  /* Thread id in a 1D block.  */
  long thread_id = threadIdx.x;
  /* Block id in a 1D grid.  */
  long block_id = blockIdx.x;
  /* Block width, i.e. number of threads per block.  */
  long block_width = blockDim.x;
  /* Compute flattened index inside the array.  */
  long i = thread_id + block_id * block_width;
  if (i < size) /* Check array boundaries.  */
    output_array[i] = input_array[i];
}

/* Numba names this one foo too; C needs another name.  */
__attribute__ ((cuda_jit)) void
foo_grid (long size, const long long input_array[size],
          double output_array[size])
{
  long i = cuda_grid_x ();
  output_array[i] = input_array[i];
}

__attribute__ ((cuda_jit)) void
add (const long long *x_array, const long long *y_array,
     long long *output_array, long size)
{
  long start = cuda_grid_x ();
  long stride = cuda_gridsize_x ();
  for (long i = start; i < size; i += stride)
    output_array[i] = x_array[i] + y_array[i];
}

enum
{
  N = 10
};

int
main (void)
{
  long long input[N];
  double output[N] = { 0 };
  for (int i = 0; i < N; i++)
    input[i] = i;
  int mismatches = 0;

  int block_threads = 32;
  int grid_blocks = (N + (block_threads - 1)) / block_threads;
  cuda_launch (foo, grid_blocks, block_threads) (N, input, output);
  for (int i = 0; i < N; i++)
    mismatches += output[i] != input[i];

  double zeros[N] = { 0 };
  memcpy (output, zeros, sizeof output);
  cuda_launch (foo_grid, 1, N) (N, input, output);
  numpy_print_floats (output, N, 1, NULL);
  for (int i = 0; i < N; i++)
    mismatches += output[i] != input[i];

  long long host_a[N], host_b[N], host_out[N] = { 0 };
  for (int i = 0; i < N; i++)
    {
      host_a[i] = i;
      host_b[i] = host_a[i] * 2;
    }
  long long *a = cuda_to_device (host_a, sizeof host_a);
  long long *b = cuda_to_device (host_b, sizeof host_b);
  long long *out = cuda_to_device (host_out, sizeof host_out);
  cuda_launch (add, 1, 32) (a, b, out, N);
  cuda_copy_to_host (host_out, out, sizeof host_out);
  numpy_print_ints (host_out, N);
  for (int i = 0; i < N; i++)
    mismatches += host_out[i] != host_a[i] + host_b[i];
  cuda_free (a);
  cuda_free (b);
  cuda_free (out);

  printf ("copy: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
