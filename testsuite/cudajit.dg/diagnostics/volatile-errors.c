/* volatile _Float16 and volatile complex numbers are refused for their
   volatile: the errors say so, rather than that the type is not
   supported and then list it among those that are.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>

struct with_half
{
  volatile _Float16 h; /* { dg-message "kernels have '_Float16', but not 'volatile' ones: on the GPU '_Float16' is a class, and C\\+\\+ copies no 'volatile' class object" } */
};

__attribute__ ((cuda_jit)) void
half_local (float *out)
{
  volatile _Float16 h = 1; /* { dg-error "local variable 'h' is 'volatile _Float16', which is not supported in a kernel: kernels have '_Float16', but not 'volatile' ones" } */
  out[0] = h;
}

__attribute__ ((cuda_jit)) void
complex_local (double *out)
{
  volatile _Complex double c = out[1]; /* { dg-error "local variable 'c' is 'volatile complex double', which is not supported in a kernel: kernels have 'complex double', but not 'volatile' ones" } */
  out[0] = __real__ c;
}

__attribute__ ((cuda_jit)) void
half_parameter (volatile _Float16 *p) /* { dg-error "parameter 'p' has type 'volatile _Float16 \\*', which is not supported in a kernel: kernels have '_Float16', but not 'volatile' ones" } */
{
  p[0] = 1;
}

__attribute__ ((cuda_jit)) void
complex_parameter (volatile _Complex float *q) /* { dg-error "parameter 'q' has type 'volatile _Complex float \\*', which is not supported in a kernel: kernels have 'complex float', but not 'volatile' ones" } */
{
  q[0] = 1;
}

__attribute__ ((cuda_jit)) void
half_cast (float *out, _Float16 *p)
{
  out[0] = *(volatile _Float16 *) p; /* { dg-error "type 'volatile _Float16 \\*' is not supported in a kernel: kernels have '_Float16', but not 'volatile' ones" } */
}

__attribute__ ((cuda_jit)) void
half_field (struct with_half *r) /* { dg-error "parameter 'r' has type 'struct with_half \\*', which is not supported in a kernel" } */
{
  r->h = 1;
}

/* { dg-message "field 'h' is 'volatile _Float16'" "" { target *-*-* } 11 } */
/* { dg-message "on the GPU 'complex double' is a class, and C\\+\\+ copies no 'volatile' class object" "" { target *-*-* } 24 } */
/* { dg-bogus "kernels use integer, '_Bool', '_Float16'" "" { target *-*-* } 17 } */
/* { dg-bogus "the complex numbers of kernels are" "" { target *-*-* } 0 } */
