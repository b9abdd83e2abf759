/* cuda_atomic_* on a type that has no such atomic, in a kernel and in host
   code, and GCC's atomic builtins on what they do not take, or that have no
   GPU version.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
no_such_atomics (_Bool *b, float *f, double *d, int **p, unsigned char *c)
{
  cuda_atomic_add (b, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_and (f, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_cas (d, 1, 2); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_exch (p, 0); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_max (c, 1);
}

/* inc and dec take unsigned int and wider only, as CUDA's and Numba's;
   nanmax and nanmin what max and min take.  */
__attribute__ ((cuda_jit)) void
no_such_wrapping (int *i, long *l, unsigned short *s, float *f, _Bool *b,
                  double **p, unsigned int *u)
{
  cuda_atomic_inc (i, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_dec (l, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_inc (s, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_dec (f, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_nanmax (b, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_nanmin (p, 0); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_inc (u, 1);
  cuda_atomic_nanmax (i, 1);
}

/* The scope forms take int and wider, of the types of the unscoped
   ones.  */
__attribute__ ((cuda_jit)) void
no_such_scoped (short *s, float *f, unsigned long *ul)
{
  cuda_atomic_sub_block (s, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_xor_system (f, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_dec_system (ul, 1);
}

void
host (struct pair *p)
{
  cuda_atomic_dec (&p->a, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_exch (p, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
}

struct triple
{
  int a, b, c;
};

/* GCC's own errors.  */
__attribute__ ((cuda_jit)) void
gcc_atomics_of_no_integer (float *f, _Bool *b)
{
  __atomic_fetch_nand (f, 1, __ATOMIC_RELAXED); /* { dg-error "operand type 'float \\*' is incompatible with argument 1 of '__atomic_fetch_nand'" } */
  __sync_fetch_and_add (b, 1); /* { dg-error "operand type '(_Bool|bool) \\*' is incompatible with argument 1 of '__sync_fetch_and_add'" } */
}

__attribute__ ((cuda_jit)) void
gcc_atomics_without_gpu_version (struct triple *t)
{
  struct triple u;
  __atomic_load (t, &u, __ATOMIC_RELAXED); /* { dg-error "kernel calls '__atomic_load', which is not available on the GPU; kernels have GCC's '__atomic' and '__sync' builtins on integers of 1, 2, 4 and 8 bytes, and 'cuda_threadfence' for fences" } */
  __sync_synchronize (); /* { dg-error "kernel calls '__sync_synchronize', which is not available on the GPU; kernels have" } */
}
