/* A kernel runs only through cuda_launch: no declaration may make it run
   as a host function, or make a launch name another function.  */
/* { dg-do compile } */

#include <cudajit.h>

void early_alias (int *) __attribute__ ((alias ("kernel"))); /* { dg-error "'early_alias' cannot be an alias of kernel 'kernel', which runs only through 'cuda_launch'" } */

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[0] = 1;
}

void late_alias (int *) __attribute__ ((alias ("kernel"))); /* { dg-error "'late_alias' cannot be an alias of kernel 'kernel'" } */
static void weak_reference (int *) __attribute__ ((weakref ("kernel"))); /* { dg-error "'weak_reference' cannot be an alias of kernel 'kernel'" } */

__attribute__ ((cuda_jit)) void
alias_kernel (int *out) __attribute__ ((alias ("kernel"))); /* { dg-error "kernel 'alias_kernel' cannot have the 'alias' attribute; a kernel runs only through 'cuda_launch'" } */

__attribute__ ((cuda_jit, weak)) void
weak_kernel (int *out) /* { dg-error "kernel 'weak_kernel' cannot have the 'weak' attribute" } */
{
  out[0] = 1;
}

#pragma weak pragma_weak_kernel
__attribute__ ((cuda_jit)) void
pragma_weak_kernel (int *out) /* { dg-error "kernel 'pragma_weak_kernel' cannot have the 'weak' attribute" } */
{
  out[0] = 1;
}

__attribute__ ((cuda_jit, constructor)) void
constructor_kernel (void) /* { dg-error "kernel 'constructor_kernel' cannot have the 'constructor' attribute" } */
{
}

__attribute__ ((cuda_jit, destructor)) void
destructor_kernel (void) /* { dg-error "kernel 'destructor_kernel' cannot have the 'destructor' attribute" } */
{
}

static void (*resolve (void)) (int *) { return 0; }

__attribute__ ((cuda_jit)) void
ifunc_kernel (int *out) __attribute__ ((ifunc ("resolve"))); /* { dg-error "kernel 'ifunc_kernel' cannot have the 'ifunc' attribute" } */
