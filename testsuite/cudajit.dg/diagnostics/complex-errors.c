/* Kernels have _Complex float and _Complex double, not volatile ones,
   GNU C's complex integers nor _Complex long double: each is refused
   where it first appears, once.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
integer_expression (int *out)
{
  out[0] = __imag__ ((_Complex int) out[1] * 2i); /* { dg-error "type 'complex int' is not supported in a kernel" } */
}

__attribute__ ((cuda_jit)) void
integer_local (int *out)
{
  _Complex int z = out[1]; /* { dg-error "local variable 'z' has type 'complex int', which is not supported in a kernel" } */
  out[0] = __real__ z + __imag__ z;
}

__attribute__ ((cuda_jit)) void
integer_parameter (_Complex short *p) /* { dg-error "parameter 'p' has type '_Complex short int \\*', which is not supported in a kernel" } */
{
  __real__ p[0] = 1;
}

__attribute__ ((cuda_jit)) void
long_double_parameter (_Complex long double *q) /* { dg-error "parameter 'q' has type '_Complex long double \\*', which is not supported in a kernel" } */
{
  q[0] = 0;
}

__attribute__ ((cuda_jit)) void
volatile_local (_Complex double *out)
{
  volatile _Complex double v = out[1]; /* { dg-error "local variable 'v' is 'volatile complex double', which is not supported in a kernel: kernels have 'complex double', but not 'volatile' ones" } */
  out[0] = v;
}

/* { dg-message "the complex numbers of kernels are '_Complex float' and '_Complex double'" "" { target *-*-* } 0 } */
/* { dg-message "on the GPU 'complex double' is a class, and C\\+\\+ copies no 'volatile' class object" "" { target *-*-* } 36 } */
/* { dg-prune-output "cannot be compiled for the GPU" } */
