/* cuda_select_device_for_local_rank takes the GPU of the node-local rank
   that Open MPI's mpirun gives, round robin over the GPUs; on the CPU
   backend it is 0, and the node's processes share the cores: with more
   processes than cores, each runs its launches on one thread.  Memory
   made after it is the selected GPU's, which the kernel reaches.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMPI_COMM_WORLD_LOCAL_RANK "5" } */
/* { dg-set-target-env-var OMPI_COMM_WORLD_LOCAL_SIZE "8192" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
square (int *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = i * i;
}

int
main (void)
{
  enum { n = 1000 };
  int count = cuda_device_count ();
  int device = cuda_select_device_for_local_rank ();
  int host[n], errors = 0;
  int *dev = cuda_device_array (sizeof host);

  cuda_launch (square, (n + 255) / 256, 256) (dev, n);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  for (int i = 0; i < n; i++)
    errors += host[i] != i * i;
  printf ("device %s, %d errors\n",
          device == (count ? 5 % count : 0) ? "as expected" : "wrong",
          errors);
  return errors != 0;
}

/* { dg-output "(cudajit: local rank 5 of 8192: GPU \[0-9\]+ of \[0-9\]+\n|\[^\n\]*(kernels run on the CPU|backend: the CPU)\[^\n\]*\n(\[^\n\]*\n)*cudajit: CPU backend: 1 thread \\(8192 processes on this node\\)\n)" } */
/* { dg-output "(\[^\n\]*\n)*device as expected, 0 errors" } */
/* { dg-cudajit-levels all } */
