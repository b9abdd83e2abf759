/* Of the atomics, cuda_atomic_add alone takes _Float16, as CUDA's
   atomicAdd alone takes __half; its scope forms do not.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
half_atomics (_Float16 *h)
{
  cuda_atomic_sub (h, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_max (h, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_add_block (h, 1); /* { dg-error "incompatible type for argument 1 of 'cuda_atomic_not_available_for_this_type'" } */
  cuda_atomic_add (h, 1);
}
