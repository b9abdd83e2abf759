/* A fragment of the warp-matrix operations (cudajit-wmma.h) of the wrong
   kind is an error on the user's line: a B loaded as A, an A filled or
   stored as an accumulator, and mma with A and B swapped, with C and D
   of different types, with fragments of different shapes, or with int8
   and an accumulator other than int, or the other way; a kernel's parameter that is a fragment, which
   a device function may have.  */
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
  cuda_wmma_a_f16_32x8x16 a32;
  cuda_wmma_b_f16_8x32x16 b8;
  cuda_wmma_acc_f32_32x8x16 c32;
  cuda_wmma_load_a (&a32, h, 16);
  cuda_wmma_load_b (&b8, h, 32);
  cuda_wmma_fill (&c32, 0.0f);
  cuda_wmma_mma (&c, &a32, &b, &c); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_fragments_of_different_shapes'" } */
  cuda_wmma_mma (&c32, &a32, &b8, &c32); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_fragments_of_different_shapes'" } */
  cuda_wmma_mma (&c, &a32, &b, &c32); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_fragments_of_different_shapes'" } */
  cuda_wmma_store (f, &c32, 8);
  cuda_wmma_a_tf32_16x16x8 at;
  cuda_wmma_b_tf32_16x16x8 bt;
  cuda_wmma_load_a (&at, f, 8);
  cuda_wmma_load_b (&bt, f, 16);
  cuda_wmma_mma (&c, &at, &bt, &c); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_fragments_of_different_shapes'" } */
  cuda_wmma_a_s8 as;
  cuda_wmma_b_s8 bs;
  cuda_wmma_b_u8 bu;
  cuda_wmma_acc_s32 ci;
  cuda_wmma_load_a (&as, (const signed char *) h, 16);
  cuda_wmma_load_b (&bs, (const signed char *) h, 16);
  cuda_wmma_load_b (&bu, (const unsigned char *) h, 16);
  cuda_wmma_fill (&ci, 0);
  cuda_wmma_mma (&ci, &as, &bu, &ci); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_a_and_b_of_different_types'" } */
  cuda_wmma_mma (&c, &as, &bs, &c); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_int8_needs_an_accumulator_of_int'" } */
  cuda_wmma_mma (&ci, &a, &b, &ci); /* { dg-error "negative width in bit-field 'cuda_wmma_mma_of_an_accumulator_of_int_needs_int8'" } */
  cuda_wmma_store ((int *) f, &ci, 16);
  cuda_wmma_store (f, &c, 16);
}

/* A fragment is the kernel's own: the host's is not the GPU's.  */
__attribute__ ((cuda_jit)) void
by_value (cuda_wmma_acc_f32 c, float f[256]) /* { dg-error "parameter 'c' of kernel 'by_value' is a warp-matrix fragment, 'cuda_wmma_acc_f32' {aka 'struct cudajit_wmma_acc_f32'}, which the host and a GPU lay out apart; declare fragments in the kernel" } */
{
  cuda_wmma_store (f, &c, 16);
}

__attribute__ ((cuda_jit)) void
by_pointer (int n, cuda_wmma_a_f16 frags[n], const _Float16 h[256])
/* { dg-error "parameter 'frags' of kernel 'by_pointer' is a warp-matrix fragment" "" { target *-*-* } 64 } */
{
  cuda_wmma_load_a (&frags[0], h, 16);
}

/* A device function may take one.  */
__attribute__ ((cuda_device)) static void
scale (cuda_wmma_acc_f32 *c, float s)
{
  for (int i = 0; i < cuda_wmma_length (*c); i++)
    c->x[i] *= s;
}

__attribute__ ((cuda_jit)) void
scaled (float f[256])
{
  cuda_wmma_acc_f32 c;
  cuda_wmma_load_c (&c, f, 16);
  scale (&c, 2);
  cuda_wmma_store (f, &c, 16);
}

/* GCC 14 makes it an error, before a warning, to pass the wrong
   fragment on to the function that the macro chose.  */
/* { dg-prune-output "incompatible pointer type" } */
/* { dg-prune-output "expected '" } */
/* { dg-prune-output "in expansion of macro" } */
/* Which the swapped A and B leave mma's checks.  */
/* { dg-prune-output "width not an integer constant" } */
