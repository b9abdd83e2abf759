/* threadIdx, blockIdx, blockDim and gridDim in three dimensions, and
   cuda_grid_* and cuda_gridsize_*: every thread of a 3-D grid writes its
   coordinates once.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
coordinates (int *hits, long *where)
{
  long x = cuda_grid_x (), y = cuda_grid_y (), z = cuda_grid_z ();
  long width = cuda_gridsize_x (), height = cuda_gridsize_y ();
  long id = x + width * (y + height * z);
  hits[id] += 1;
  where[4 * id] = blockIdx.x * blockDim.x + threadIdx.x;
  where[4 * id + 1] = blockIdx.y * blockDim.y + threadIdx.y;
  where[4 * id + 2] = blockIdx.z * blockDim.z + threadIdx.z;
  where[4 * id + 3] = gridDim.x * gridDim.y * gridDim.z * 1000
                      + blockDim.x * blockDim.y * blockDim.z;
}

int
main (void)
{
  enum { gx = 3, gy = 2, gz = 2, bx = 8, by = 4, bz = 2 };
  enum { threads = gx * gy * gz * bx * by * bz };
  static int hits[threads];
  static long where[4 * threads];
  int *dhits = cuda_to_device (hits, sizeof hits);
  long *dwhere = cuda_device_array (sizeof where);
  cuda_launch (coordinates, cuda_dim3 (gx, gy, gz), cuda_dim3 (bx, by, bz)) (
      dhits, dwhere);
  cuda_copy_to_host (hits, dhits, sizeof hits);
  cuda_copy_to_host (where, dwhere, sizeof where);
  int errors = 0;
  for (long id = 0; id < threads; id++)
    {
      long x = id % (gx * bx), y = id / (gx * bx) % (gy * by),
           z = id / (gx * bx * gy * by);
      errors += hits[id] != 1 || where[4 * id] != x || where[4 * id + 1] != y
                || where[4 * id + 2] != z
                || where[4 * id + 3] != gx * gy * gz * 1000 + bx * by * bz;
    }
  printf ("geometry: %d threads, %d errors\n", threads, errors);
  return errors != 0;
}

/* { dg-output "geometry: 768 threads, 0 errors" } */
/* { dg-cudajit-levels all } */
