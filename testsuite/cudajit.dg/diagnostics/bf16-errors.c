/* __bf16 before GCC 13, which gave it arithmetic (and on x86-64 gave C
   the type at all): cudajit.h's holds its bits for storage alone, and
   arithmetic or a conversion but CUDA's functions is an error on the
   user's line whose type's tag says that GCC 13 is needed, in a kernel
   and in host code alike.  */
/* { dg-do compile { target { ! bf16 } } } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void kernel (long n, __bf16 *x, float *y) { y[0] = x[0]; } /* { dg-error "cudajit_bfloat16_arithmetic_needs_gcc_13" } */

void host (__bf16 *x) { x[0] = x[1] + x[2]; } /* { dg-error "cudajit_bfloat16_arithmetic_needs_gcc_13" } */

float fine (__bf16 *x) { x[0] = cuda_float2bfloat16_rz (1.5f); return cuda_bfloat162float (x[1]); }
