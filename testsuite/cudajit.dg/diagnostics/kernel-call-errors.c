/* What a kernel may not call.  */
/* { dg-do compile } */

#include <cudajit.h>
#include <setjmp.h>
#include <stdlib.h>

int host_function (int);

__attribute__ ((cuda_jit)) void
other_kernel (int *out)
{
  out[0] = 1;
}

__attribute__ ((cuda_jit)) void
calls_host (int *out)
{
  out[0] = host_function (out[1]); /* { dg-error "kernel calls 'host_function', which is not available on the GPU" } */
}

__attribute__ ((cuda_jit)) void
calls_library (int *out)
{
  out[0] = rand (); /* { dg-error "kernel calls 'rand'" } */
}

__attribute__ ((cuda_jit)) void
calls_kernel (int *out)
{
  other_kernel (out); /* { dg-error "kernel 'other_kernel' cannot be called from a kernel" } */
}

__attribute__ ((cuda_jit)) void
launches_kernel (int *out)
{
  cuda_launch (other_kernel, 1, 1) (out); /* { dg-error "kernel 'other_kernel' cannot be launched from a kernel" } */
}

__attribute__ ((cuda_jit)) void
takes_function_address (long *out)
{
  out[0] = (long) &host_function; /* { dg-error "the address of function 'host_function' cannot be taken in a kernel" } */
}

__attribute__ ((cuda_jit)) void
jumps_far (int *out)
{
  jmp_buf where;
  if (setjmp (where)) /* { dg-error "kernel calls '_?setjmp', which is not available on the GPU" } */
    out[0] = 1;
  longjmp (where, 1); /* { dg-error "kernel calls 'longjmp', which is not available on the GPU" } */
}

__attribute__ ((cuda_jit)) void
jumps_far_builtin (int *out)
{
  void *where[5];
  if (__builtin_setjmp (where)) /* { dg-error "kernel calls '__builtin_setjmp', which is not available on the GPU" } */
    out[0] = 1;
}
