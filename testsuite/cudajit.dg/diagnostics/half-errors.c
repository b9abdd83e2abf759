/* What kernels refuse of _Float16: volatile, and GCC's _Float16 math
   builtins, which glibc has no functions for; the C spelling that works
   is the float function, rounded: (_Float16) sqrtf (x).  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
volatile_half (volatile _Float16 *a) /* { dg-error "parameter 'a' has type 'volatile _Float16 \\*', which is not supported in a kernel: kernels have '_Float16', but not 'volatile' ones" } */
{ /* { dg-message "on the GPU '_Float16' is a class, and C\\+\\+ copies no 'volatile' class object" "" { target *-*-* } 10 } */
}

__attribute__ ((cuda_jit)) void
builtin_sqrt (_Float16 *a)
{
  a[0] = __builtin_sqrtf16 (a[1]); /* { dg-error "kernel calls '__builtin_sqrtf16', which is not available on the GPU" } */
}
