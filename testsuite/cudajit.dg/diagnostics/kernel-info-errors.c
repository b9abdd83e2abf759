/* cuda_kernel_info, cuda_kernel_ptx and cuda_kernel_cubin take the name
   of a kernel, not another function or a pointer.  */
/* { dg-do compile } */

#include <cudajit.h>

void host (float *x);

__attribute__ ((cuda_jit)) void
kernel (float *x)
{
  x[0] = 1;
}

void
ask (void (*pointer) (float *), size_t *size)
{
  cuda_kernel_info (host); /* { dg-error "'cuda_kernel_info', 'cuda_kernel_ptx', 'cuda_kernel_cubin' and the occupancy queries need the name of a kernel" } */
  cuda_kernel_ptx (pointer); /* { dg-error "need the name of a kernel" } */
  cuda_occupancy_blocks_per_sm (pointer, 128); /* { dg-error "need the name of a kernel" } */
  cuda_kernel_cubin (kernel, size);
  cuda_kernel_ptx (kernel);
}
