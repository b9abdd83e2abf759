/* A shared array aligned past what shared memory can be: the CPU
   backend's block memory starts at a multiple of CUDAJIT_SHARED_MAX_ALIGN,
   so that every shared array gets its alignment.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (float *out)
{
  static __attribute__ ((cuda_shared)) _Alignas (8192) float huge[4]; /* { dg-error "shared array 'huge' is aligned to 8192 bytes; shared memory can be aligned to at most 4096" } */
  static __attribute__ ((cuda_shared)) _Alignas (4096) float page[4];
  huge[threadIdx.x] = page[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = huge[threadIdx.x] + page[threadIdx.x];
}
