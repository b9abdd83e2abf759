/* cuda_jit ("specialize=n,m") names integer parameters that the kernel
   never writes: any other name is an error, on the kernel's line or the
   parameter's.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("specialize"))) void no_names (int *x) { *x = 1; } /* { dg-error "kernel option 'specialize' needs the names of parameters" } */
__attribute__ ((cuda_jit ("specialize=n", "specialize=n"))) void twice (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize' is given twice" } */
__attribute__ ((cuda_jit ("specialize=q"))) void unknown (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize=q' names 'q', which is not a parameter of 'unknown'" } */

__attribute__ ((cuda_jit ("specialize=x"))) void
pointer (int *x) /* { dg-error "parameter 'x' of 'pointer', which kernel option 'specialize' names, is not of an integer type" } */
{
  *x = 1;
}

__attribute__ ((cuda_jit ("specialize=f"))) void
floating (int *x, float f) /* { dg-error "parameter 'f' of 'floating', which kernel option 'specialize' names, is not of an integer type" } */
{
  *x = f;
}

__attribute__ ((cuda_jit ("specialize=n"))) void
written (int *x, int n) /* { dg-error "parameter 'n' of 'written', which kernel option 'specialize' names, is changed by the kernel" } */
{
  n++;
  *x = n;
}

/* Good ones, which the file's only errors must not be blamed on.  */
__attribute__ ((cuda_jit ("specialize=n,m"))) void good (int *x, int n, long m) { *x = n + m; }
__attribute__ ((cuda_jit ("specialize=0"))) void none (int *x, int n) { *x = n; }
