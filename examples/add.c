/* SPDX-License-Identifier: MIT */
/* Seed 002, "CUDA in Python": add_kernel computes its start and stride
   from threadIdx, blockIdx, blockDim and gridDim, launched on 30 blocks of
   128 threads for 100000 elements, so that each thread strides over
   several; then the same kernel with cuda_grid_x and cuda_gridsize_x
   (cuda.grid(1), cuda.gridsize(1)), on host arrays and on device arrays,
   timed as the seed times it with %time.  Each result is checked against
   a plain C loop.  */

#include "notebook.h"
#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
add_kernel (long n, const float x[n], const float y[n], float out[n])
{
  long tx = threadIdx.x; /* This is the unique thread ID within a 1D block.  */
  long ty = blockIdx.x;  /* Similarly, this is the unique block ID within the
                            1D grid.  */

  long block_size = blockDim.x; /* Number of threads per block.  */
  long grid_size = gridDim.x;   /* Number of blocks in the grid.  */

  long start = tx + ty * block_size;
  long stride = block_size * grid_size;

  /* Assuming x and y inputs are same length.  */
  for (long i = start; i < n; i += stride)
    out[i] = x[i] + y[i];
}

/* The seed's second add_kernel, which C needs another name for.  */
__attribute__ ((cuda_jit)) void
add_kernel_grid (long n, const float x[n], const float y[n], float out[n])
{
  long start = cuda_grid_x ();      /* cuda.grid(1) */
  long stride = cuda_gridsize_x (); /* cuda.gridsize(1) */

  /* Assuming x and y inputs are same length.  */
  for (long i = start; i < n; i += stride)
    out[i] = x[i] + y[i];
}

static long
mismatches_of (long n, const float *x, const float *y, const float *out)
{
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += out[i] != x[i] + y[i];
  return mismatches;
}

int
main (void)
{
  long n = 100000;
  size_t bytes = n * sizeof (float);
  float *x = malloc (bytes), *y = malloc (bytes), *out = malloc (bytes);
  if (!x || !y || !out)
    return 1;
  for (long i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 2 * x[i];
    }

  int threads_per_block = 128;
  int blocks_per_grid = 30;

  /* Host arrays: cudajit copies them to the GPU and back.  */
  cuda_launch (add_kernel, blocks_per_grid, threads_per_block) (n, x, y, out);
  double out10[10];
  for (int i = 0; i < 10; i++)
    out10[i] = out[i];
  numpy_print_floats (out10, 10, 0, NULL); /* print(out[:10]) */
  long mismatches = mismatches_of (n, x, y, out);

  float *x_device = cuda_to_device (x, bytes);
  float *y_device = cuda_to_device (y, bytes);
  float *out_device = cuda_device_array_like (x, n);

  /* CPU input/output arrays, implied synchronization for memory copies.  */
  struct notebook_clock start = notebook_now ();
  cuda_launch (add_kernel_grid, blocks_per_grid, threads_per_block) (n, x, y,
                                                                     out);
  notebook_print_time (start);
  mismatches += mismatches_of (n, x, y, out);

  /* GPU input/output arrays, no synchronization (but force sync before and
     after).  */
  cuda_synchronize ();
  start = notebook_now ();
  cuda_launch (add_kernel_grid, blocks_per_grid,
               threads_per_block) (n, x_device, y_device, out_device);
  notebook_print_time (start);
  cuda_synchronize ();

  /* GPU input/output arrays, include explicit synchronization in
     timing.  */
  cuda_synchronize ();
  start = notebook_now ();
  cuda_launch (add_kernel_grid, blocks_per_grid,
               threads_per_block) (n, x_device, y_device, out_device);
  cuda_synchronize ();
  notebook_print_time (start);

  cuda_copy_to_host (out, out_device, bytes);
  mismatches += mismatches_of (n, x, y, out);
  printf ("add: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);

  cuda_free (x_device);
  cuda_free (y_device);
  cuda_free (out_device);
  free (x);
  free (y);
  free (out);
  return mismatches != 0;
}
