/* __bf16 before GCC 13, which gave it arithmetic (and on x86-64 gave C
   the type at all): an error on the user's line that says which GCC is
   needed, in a kernel and in host code alike.  GCC 11 has no
   "unavailable" attribute, and names the need in the type's tag.  */
/* { dg-do compile { target { ! bf16 } } } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void kernel (long n, __bf16 *x, float *y) { y[0] = x[0]; } /* { dg-error "needs.(GCC|gcc).13" } */

void host (__bf16 *x) { (void) x; } /* { dg-error "needs GCC 13" "" { target float16 } } */
