/* Shared arrays: static or extern arrays of a kernel.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_shared)) int scalar; /* { dg-error "'cuda_shared' attribute applies only to static or extern arrays" } */

__attribute__ ((cuda_device)) float
helper (float x)
{
  extern __attribute__ ((cuda_shared)) float dynamic[]; /* { dg-error "the dynamic shared memory 'dynamic' can be declared only in a kernel, not in a device function" } */
  dynamic[0] = x;
  return dynamic[0];
}

__attribute__ ((cuda_jit)) void
kernel (float *out)
{
  static __attribute__ ((cuda_shared)) float initialized[2] = { 1, 2 }; /* { dg-error "shared array 'initialized' cannot be initialized" } */
  __attribute__ ((cuda_shared)) float automatic[4]; /* { dg-error "'cuda_shared' attribute applies only to static or extern arrays" } */
  automatic[0] = 1;
  out[0] = helper (initialized[0] + automatic[0]);
}
