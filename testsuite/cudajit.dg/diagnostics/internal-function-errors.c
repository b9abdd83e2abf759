/* GCC's internal functions that kernels do not have are refused on their
   line, with no ICE: __builtin_convertvector, and the overflow builtins on
   integers of more than 64 bits.  */
/* { dg-do compile } */

#include <cudajit.h>

typedef int v4si __attribute__ ((vector_size (16)));
typedef float v4sf __attribute__ ((vector_size (16)));

__attribute__ ((cuda_jit)) void
convert_vector (float *out, int *in)
{
  *(v4sf *) out = __builtin_convertvector (*(v4si *) in, v4sf); /* { dg-error "'__builtin_convertvector' is not supported in a kernel; convert the elements one by one" } */
}

__attribute__ ((cuda_jit)) void
wide_overflow (long *out, long a, long b)
{
  out[0] = __builtin_add_overflow (a, b, (__int128 *) out); /* { dg-error "overflow builtins on integers of more than 64 bits are not supported in a kernel" } */
  /* { dg-error "type '__int128 \\\*' is not supported in a kernel" "" { target *-*-* } 20 } */
}
