/* Shared memory: static variables, arrays or not, and extern arrays of
   a kernel or a device function.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_shared)) int scalar; /* { dg-error "shared variable 'scalar' can be declared only in a kernel, not at file scope" } */

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
  __attribute__ ((cuda_shared)) float automatic[4]; /* { dg-error "'cuda_shared' attribute applies only to static variables and extern arrays" } */
  static __attribute__ ((cuda_shared)) int counted = 0; /* { dg-error "shared variable 'counted' cannot be initialized" } */
  extern __attribute__ ((cuda_shared)) int dynamic_scalar; /* { dg-error "the dynamic shared memory 'dynamic_scalar' must be an array without a size" } */
  automatic[0] = 1;
  out[0] = helper (initialized[0] + automatic[0] + counted + dynamic_scalar);
}
