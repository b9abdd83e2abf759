/* Constructs that kernels cannot have are refused for what they are, in
   C's words.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
nested (int *out)
{
  int inner (int x) { return x + 1; }
  out[0] = inner (out[1]); /* { dg-error "kernel calls the nested function 'inner'; nested functions are not supported on the GPU" } */
}

__attribute__ ((cuda_jit)) void
launched (int *out)
{
  out[0] = 1;
}

__attribute__ ((cuda_device)) void
device_launch (int *out)
{
  cuda_launch (launched, 1, 1) (out); /* { dg-error "device function 'device_launch' launches kernel 'launched'; kernels can be launched only from host code" } */
}

static void
static_launch (int *out)
{
  cuda_launch (launched, 1, 1) (out); /* { dg-error "device function 'static_launch' launches kernel 'launched'" } */
}

__attribute__ ((cuda_jit)) void
launches (int *out)
{
  device_launch (out);
  static_launch (out);
}

__attribute__ ((cuda_jit)) void
wide (int *out, int i)
{
  out[0] = L"wide"[i]; /* { dg-error "wide string literals are not supported in a kernel" } */
}

/* No message names a GCC tree code.  */
/* { dg-bogus "_expr|_cst|_ref" "" { target *-*-* } 0 } */
/* { dg-prune-output "cannot be compiled for the GPU" } */
