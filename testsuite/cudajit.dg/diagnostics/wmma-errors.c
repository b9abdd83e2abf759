/* A fragment of the warp-matrix operations (cudajit-wmma.h) of the wrong
   kind is an error on the user's line: a B loaded as A, an A filled or
   stored as an accumulator, and mma with A and B swapped or with C and
   D of different types.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-O2" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (const _Float16 h[256], float f[256])
{
  cuda_wmma_a_f16 a;
  cuda_wmma_b_f16 b;
  cuda_wmma_acc_f32 c;
  cuda_wmma_acc_f16 d;
  cuda_wmma_load_a (&b, h, 16); /* { dg-error "'_Generic' selector of type 'struct cudajit_wmma_b_f16' is not compatible with any association" } */
  cuda_wmma_load_b_col (&a, h, 16); /* { dg-error "'_Generic' selector of type 'struct cudajit_wmma_a_f16' is not compatible with any association" } */
  cuda_wmma_fill (&a, 0.0f); /* { dg-error "'_Generic' selector of type 'struct cudajit_wmma_a_f16' is not compatible with any association" } */
  cuda_wmma_store (f, &b, 16); /* { dg-error "'_Generic' selector of type 'struct cudajit_wmma_b_f16' is not compatible with any association" } */
  cuda_wmma_mma (&c, &b, &a, &c); /* { dg-error "'_Generic' selector of type 'struct cudajit_wmma_\[ab\]_f16' is not compatible with any association" } */
  cuda_wmma_mma (&c, &a, &b, &d); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_c_and_d_of_different_types'" } */
  cuda_wmma_store (f, &c, 16);
}

/* GCC 14 makes it an error, before a warning, to pass the wrong
   fragment on to the function that the macro chose.  */
/* { dg-prune-output "incompatible pointer type" } */
/* { dg-prune-output "expected '" } */
/* { dg-prune-output "in expansion of macro" } */
/* Which the swapped A and B leave mma's checks.  */
/* { dg-prune-output "width not an integer constant" } */
