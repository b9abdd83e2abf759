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

/* Constant arrays whose initializers CUDA C++ cannot give __constant__
   data, diagnosed once.  */
union bits { int i; float f; };
static const union bits by_second_member[1] = { { .f = 1 } };
static const int *const addresses[1] = { &counter };

__attribute__ ((cuda_jit)) void
constant_initializers (int *out)
{
  out[0] = by_second_member[0].i; /* { dg-error "the initializer of constant array 'by_second_member' is not supported in a kernel; it may hold only numbers and strings, and initialize a union only by its first member" } */
  out[1] = by_second_member[0].i;
  out[2] = *addresses[0]; /* { dg-error "kernel uses global variable 'addresses'" } */
}
