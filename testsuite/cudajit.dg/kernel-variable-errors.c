/* A kernel uses its parameters and its own automatic variables only.  */
/* { dg-do compile } */

#include <cudajit.h>

int counter;
__thread int per_thread;

__attribute__ ((cuda_jit)) void
uses_global (int *out)
{
  out[0] = counter; /* { dg-error "kernel uses global variable 'counter'; a kernel can use only its parameters and local variables" } */
}

__attribute__ ((cuda_jit)) void
uses_thread_local (int *out)
{
  per_thread = out[0]; /* { dg-error "kernel uses global variable 'per_thread'" } */
}

__attribute__ ((cuda_jit)) void
static_local (int *out)
{
  static int calls = 0; /* { dg-error "static and extern variables such as 'calls' cannot be declared in a kernel" } */
  out[0] = calls;
}

__attribute__ ((cuda_jit)) void
extern_local (int *out)
{
  extern int elsewhere; /* { dg-error "static and extern variables such as 'elsewhere' cannot be declared in a kernel" } */
  out[0] = elsewhere; /* { dg-error "kernel uses global variable 'elsewhere'" } */
}
