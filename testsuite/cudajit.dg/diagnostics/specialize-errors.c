/* cuda_jit ("specialize=n,m") names integer parameters that the kernel
   never writes, each once: any other name, or another list, is an error,
   on the kernel's line or the parameter's.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("specialize"))) void no_names (int *x) { *x = 1; } /* { dg-error "kernel option 'specialize' needs the names of parameters" } */
__attribute__ ((cuda_jit ("specialize=n", "specialize=n"))) void twice (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize' is given twice" } */
__attribute__ ((cuda_jit ("specialize=n,n"))) void duplicate (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize=n,n' names parameter 'n' twice" } */
__attribute__ ((cuda_jit ("specialize=n,m,n"))) void duplicate_later (int *x, int n, int m) { *x = n + m; } /* { dg-error "kernel option 'specialize=n,m,n' names parameter 'n' twice" } */
__attribute__ ((cuda_jit ("specialize=n,"))) void trailing_comma (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize=n,' needs the names of parameters separated by commas" } */
__attribute__ ((cuda_jit ("specialize=,n"))) void leading_comma (int *x, int n) { *x = n; } /* { dg-error "kernel option 'specialize=,n' needs the names of parameters separated by commas" } */
__attribute__ ((cuda_jit ("specialize=n,,m"))) void empty_name (int *x, int n, int m) { *x = n + m; } /* { dg-error "kernel option 'specialize=n,,m' needs the names of parameters separated by commas" } */
__attribute__ ((cuda_jit ("specialize=n m"))) void spaced (int *x, int n, int m) { *x = n + m; } /* { dg-error "kernel option 'specialize=n m' needs the names of parameters separated by commas" } */
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
__attribute__ ((cuda_jit ("specialize=mn,m"))) void prefix (int *x, int mn, long m) { *x = mn + m; }
__attribute__ ((cuda_jit ("specialize=0"))) void none (int *x, int n) { *x = n; }
