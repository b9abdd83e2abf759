/* Kernels of different compile options are compiled apart, so they
   cannot share a device variable.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) float bias; /* { dg-error "device variable 'bias' is used in a translation unit whose kernels have different compile options" } */

__attribute__ ((cuda_jit)) void
precise (float *x)
{
  x[threadIdx.x] += bias;
}

__attribute__ ((cuda_jit ("fastmath"))) void
fast (float *x)
{
  x[threadIdx.x] -= bias;
}
