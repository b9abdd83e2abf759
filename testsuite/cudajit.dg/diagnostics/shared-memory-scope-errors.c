/* A shared array or variable belongs to a kernel: one declared at file
   scope or in a host function is an error at its declaration, rather
   than an ordinary variable that a kernel cannot use.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_shared)) float file_scope[32]; /* { dg-error "shared array 'file_scope' can be declared only in a kernel, not at file scope" } */
extern __attribute__ ((cuda_shared)) float dynamic[]; /* { dg-error "shared array 'dynamic' can be declared only in a kernel, not at file scope" } */

float
host (float x)
{
  static __attribute__ ((cuda_shared)) float in_host[32]; /* { dg-error "shared array 'in_host' can be declared only in a kernel, not in function 'host'" } */
  static __attribute__ ((cuda_shared)) _Bool flag; /* { dg-error "shared variable 'flag' can be declared only in a kernel, not in function 'host'" } */
  flag = x > 0;
  in_host[0] = x;
  return in_host[0] + flag;
}

__attribute__ ((cuda_jit)) void
kernel (float *out)
{
  static __attribute__ ((cuda_shared)) float fine[32];
  extern __attribute__ ((cuda_shared)) float fine_dynamic[];
  fine[threadIdx.x] = out[threadIdx.x];
  fine_dynamic[threadIdx.x] = fine[threadIdx.x];
  out[threadIdx.x] = fine_dynamic[threadIdx.x];
}
