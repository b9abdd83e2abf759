/* The options of a kernel's cuda_jit attributes count together, those of
   two attributes on one declaration as those of its prototype and its
   definition: a contradiction between them is the error it is within
   one attribute, not an attribute dropped.  Saying an option again,
   with the same value, is no error.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("fastmath"))) __attribute__ ((cuda_jit ("fastmath=0"))) void two_attributes (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'fastmath'" } */
__attribute__ ((cuda_jit ("max_registers=32"), cuda_jit ("max_registers=64"))) void one_list (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'max_registers'" } */

__attribute__ ((cuda_jit ("fastmath"))) void prototype (int *x);
__attribute__ ((cuda_jit ("fastmath=0"))) void
prototype (int *x) /* { dg-error "conflicting values of kernel option 'fastmath'" } */
{
  *x = 1;
}

__attribute__ ((cuda_jit ("opt=0"))) void two_prototypes (int *x);
__attribute__ ((cuda_jit ("opt=1"))) void two_prototypes (int *x); /* { dg-error "conflicting values of kernel option 'opt'" } */

__attribute__ ((cuda_jit ("specialize=n"))) void names (int *x, int n, int m);
__attribute__ ((cuda_jit ("specialize=m"))) void
names (int *x, int n, int m) /* { dg-error "conflicting values of kernel option 'specialize'" } */
{
  *x = n + m;
}

/* Agreeing, or adding to each other.  */
__attribute__ ((cuda_jit ("fastmath", "opt=0"))) void agreeing (int *x);
__attribute__ ((cuda_jit ("fastmath", "max_registers=64"))) void
agreeing (int *x)
{
  *x = 1;
}

__attribute__ ((cuda_jit ("debug=0"))) __attribute__ ((cuda_jit ("lineinfo"))) void adding (int *x) { *x = 1; }

/* { dg-message "the 'cuda_jit' attributes of a kernel, on all its declarations, give its options together" "" { target *-*-* } 0 } */
