/* A kernel or device function whose local variables take more than the
   512 KiB of local memory that a GPU gives each thread cannot run on a
   GPU: an error at the variable that passes the limit, rather than a
   kernel that the CPU backend runs at one optimization level and not at
   another.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
huge (float *out)
{
  float big[512 * 1024]; /* { dg-error "with 'big', the local variables of 'huge' take 2097152 bytes, more than the 524288 bytes of local memory that a GPU gives each thread" } */
  for (int i = 0; i < 512 * 1024; i++)
    big[i] = i;
  out[threadIdx.x] = big[threadIdx.x * 7];
}

__attribute__ ((cuda_device)) double
together (int i)
{
  double a[32 * 1024];
  double b[32 * 1024];
  double c[1]; /* { dg-error "with 'c', the local variables of 'together' take 524296 bytes" } */
  a[i] = b[i] = c[0] = i;
  return a[i] + b[i] + c[0];
}

__attribute__ ((cuda_jit)) void
calls (double *out)
{
  out[threadIdx.x] = together (threadIdx.x);
}

/* Exactly the limit fits.  */
__attribute__ ((cuda_jit)) void
fits (char *out)
{
  char most[512 * 1024];
  most[threadIdx.x] = 1;
  out[threadIdx.x] = most[threadIdx.x];
}
