/* A host array passed to a pointer parameter without an extent is not
   copied to the GPU: a warning says so where it can be seen.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
no_extent (float *p, long n) /* { dg-message "declare the parameter as an array" } */
{
  long i = cuda_grid_x ();
  if (i < n)
    p[i] = 1;
}

__attribute__ ((cuda_jit)) void
with_extent (long n, float p[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    p[i] = 1;
}

float global_array[64];

void
launches (float *pointer)
{
  float local_array[64];
  cuda_launch (no_extent, 1, 64) (local_array, 64); /* { dg-warning "argument 1 of kernel 'no_extent' is the host array 'local_array'" } */
  cuda_launch (no_extent, 1, 64) (global_array, 64); /* { dg-warning "host array 'global_array'" } */
  cuda_launch (no_extent, 1, 64) (pointer, 64);
  cuda_launch (with_extent, 1, 64) (64, local_array);
}
