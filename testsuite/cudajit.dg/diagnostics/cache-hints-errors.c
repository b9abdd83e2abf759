/* A cache-hinted load or store of a type that CUDA has none for is an
   error on the user's line.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
kernel (struct pair *p, _Bool *b)
{
  struct pair q = cuda_ldg (p); /* { dg-error "cuda_cache_not_available_for_this_type" } */
  cuda_stcs (b, 1); /* { dg-error "cuda_cache_not_available_for_this_type" } */
  (void) q;
}
