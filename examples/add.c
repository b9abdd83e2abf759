/* SPDX-License-Identifier: MIT */
/* Seed 002: the grid-stride add kernel, with device arrays, checked
   against a plain C loop.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
add_kernel (const float *x, const float *y, float *out, long n)
{
  long start = cuda_grid_x ();
  long stride = cuda_gridsize_x ();
  for (long i = start; i < n; i += stride)
    out[i] = x[i] + y[i];
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
      y[i] = 2 * i;
    }

  float *x_device = cuda_to_device (x, bytes);
  float *y_device = cuda_to_device (y, bytes);
  float *out_device = cuda_device_array (bytes);

  /* Fewer threads than elements: each thread strides over several.  */
  int threads_per_block = 128;
  int blocks_per_grid = 30;
  cuda_launch (add_kernel, blocks_per_grid,
               threads_per_block) (x_device, y_device, out_device, n);
  cuda_synchronize ();
  cuda_copy_to_host (out, out_device, bytes);

  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += out[i] != x[i] + y[i];
  printf ("add: out[%ld] = %g; %s (%ld mismatches)\n", n - 1, out[n - 1],
          mismatches ? "FAILED" : "ok", mismatches);

  cuda_free (x_device);
  cuda_free (y_device);
  cuda_free (out_device);
  free (x);
  free (y);
  free (out);
  return mismatches != 0;
}
