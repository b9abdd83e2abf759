/* What exists only in a kernel, CUDA's built-in variables and the
   functions that read them or wait for other threads, is an error in a
   function that is neither a kernel nor a device function: it never runs
   in a kernel.  Static functions may be device functions, so they may use
   them.  */

/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[cuda_grid_x ()] = threadIdx.x;
}

static int
maybe_device (void)
{
  return threadIdx.x + cuda_laneid ();
}

__attribute__ ((cuda_device)) int
device (void)
{
  cuda_syncthreads ();
  return blockIdx.x;
}

unsigned int
host_variables (void)
{
  unsigned int sum = threadIdx.x; /* { dg-error "'threadIdx' used outside a kernel: 'host_variables' is neither a kernel nor a device function" } */
  sum += blockIdx.y;              /* { dg-error "'blockIdx' used outside a kernel" } */
  sum += blockDim.z;              /* { dg-error "'blockDim' used outside a kernel" } */
  return sum + gridDim.x;         /* { dg-error "'gridDim' used outside a kernel" } */
}

long
host_functions (void)
{
  long sum = cuda_grid_x ();               /* { dg-error "'cuda_grid_x' used outside a kernel" } */
  sum += cuda_gridsize_y ();               /* { dg-error "'cuda_gridsize_y' used outside a kernel" } */
  cuda_syncthreads ();                     /* { dg-error "'cuda_syncthreads' used outside a kernel: 'host_functions'" } */
  sum += cuda_syncthreads_count (1);       /* { dg-error "'cuda_syncthreads_count' used outside a kernel" } */
  sum += cuda_ballot_sync (0xffffffff, 1); /* { dg-error "'cuda_ballot_sync' used outside a kernel" } */
  sum += cuda_laneid ();                   /* { dg-error "'cuda_laneid' used outside a kernel" } */
  return sum + maybe_device ();
}
