/* What kernels refuse of GCC's vector types: vectors wider than CUDA's
   float4 (16 bytes), vectors aligned less than their size (the GPU would
   fault where the host loads), volatile ones, reading a vector as
   another type, and shuffles.  */
/* { dg-do compile } */

#include <cudajit.h>

typedef double v4df __attribute__ ((vector_size (32)));

__attribute__ ((cuda_jit)) void
too_wide (v4df *a) /* { dg-error "parameter 'a' has type 'v4df \\*' {aka '__vector\\(4\\) double \\*'}, which is not supported in a kernel" } */
{ /* { dg-message "the vector types of kernels are those of integers, '_Float16', 'float' and 'double' of at most 16 bytes" "" { target *-*-* } 12 } */
}

__attribute__ ((cuda_jit)) void
volatile_vector (volatile cuda_float4 *a) /* { dg-error "parameter 'a' has type 'volatile cuda_float4 \\*', which is not supported in a kernel: kernels have '__vector\\(4\\) float', but not 'volatile' ones" } */
{ /* { dg-message "C\\+\\+ copies no 'volatile' class object" "" { target *-*-* } 17 } */
}

__attribute__ ((cuda_jit)) void
reinterpret (cuda_float4 *a, cuda_int4 *b)
{
  b[0] = (cuda_int4) a[0]; /* { dg-error "reading a vector as another type is not supported in a kernel; convert its elements one by one" } */
}

__attribute__ ((cuda_jit)) void
shuffle (cuda_int4 *a)
{
  a[0] = __builtin_shuffle (a[0], a[1]); /* { dg-error "shuffles of vectors \\('__builtin_shuffle'\\) are not supported in a kernel" } */
}

typedef float v4sf_unaligned __attribute__ ((vector_size (16), aligned (4)));

__attribute__ ((cuda_jit)) void
unaligned (v4sf_unaligned *a) /* { dg-error "parameter 'a' has type 'v4sf_unaligned \\*'" } */
{ /* { dg-message "of at most 16 bytes, aligned to their size" "" { target *-*-* } 36 } */
}
