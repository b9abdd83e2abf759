/* A host array passed to a pointer parameter without an extent is not
   copied to the GPU: a warning says so where it can be seen; not for a
   parameter whose extent the others compute.  */
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

__attribute__ ((cuda_jit)) void
computed_extents (int n, float p[n / 2], const float q[2 * n],
                  float r[n][n + 2])
{
  long i = cuda_grid_x ();
  if (i < n / 2)
    p[i] = q[i] + r[i][0];
}

float global_array[64];

void
launches (float *pointer)
{
  float local_array[64];
  cuda_launch (no_extent, 1, 64) (local_array, 64); /* { dg-warning "argument 1 of kernel 'no_extent' is the host array 'local_array', but the parameter does not declare the extent that would copy it to the GPU" } */
  cuda_launch (no_extent, 1, 64) (global_array, 64); /* { dg-warning "host array 'global_array'" } */
  cuda_launch (no_extent, 1, 64) (pointer, 64);
  cuda_launch (with_extent, 1, 64) (64, local_array);
  cuda_launch (computed_extents, 1, 64) (4, local_array, global_array, (void *) local_array); /* { dg-bogus "host array" } */
}
