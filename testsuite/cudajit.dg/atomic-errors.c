/* cuda_atomic_* on a type that has no such atomic, in a kernel and in host
   code, and GCC's atomic builtins that have no GPU version.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
no_such_atomics (short *s, float *f, double *d, unsigned char *c)
{
  cuda_atomic_add (s, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_and (f, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_cas (d, 1, 2); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_max (c, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
}

void
host (struct pair *p)
{
  cuda_atomic_exch (p, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
}

__attribute__ ((cuda_jit)) void
gcc_atomics (short *s, int *i)
{
  __atomic_fetch_add (s, 1, __ATOMIC_RELAXED); /* { dg-error "kernel calls '__atomic_fetch_add_2', which is not available on the GPU" } */
  __atomic_fetch_nand (i, 1, __ATOMIC_RELAXED); /* { dg-error "kernel calls '__atomic_fetch_nand_4', which is not available on the GPU" } */
}
