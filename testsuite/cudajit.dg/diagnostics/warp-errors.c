/* Shuffles and matches of a value that they do not take, in a kernel and
   in host code; integers smaller than int are shuffled and matched as
   int.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
no_such_shuffles (int *p, short *s, unsigned char *c, struct pair *q)
{
  cuda_shfl_sync (0xffffffff, p, 0); /* { dg-error "incompatible type for argument 2 of 'cuda_shfl_not_available_for_this_type'" } */
  s[0] = cuda_shfl_down_sync (0xffffffff, s[0], 1);
  c[0] = cuda_shfl_xor_sync (0xffffffff, c[0], 1);
  cuda_match_any_sync (0xffffffff, p); /* { dg-error "incompatible type for argument 2 of 'cuda_match_not_available_for_this_type'" } */
  s[1] = cuda_match_any_sync (0xffffffff, s[0]);
  cuda_match_any_sync (0xffffffff, *q); /* { dg-error "incompatible type for argument 2 of 'cuda_match_not_available_for_this_type'" } */
}

void
host (struct pair pair, long double x)
{
  cuda_shfl_up_sync (0xffffffff, pair, 1); /* { dg-error "incompatible type for argument 2 of 'cuda_shfl_not_available_for_this_type'" } */
  cuda_shfl_xor_sync (0xffffffff, x, 1); /* { dg-error "incompatible type for argument 2 of 'cuda_shfl_not_available_for_this_type'" } */
  int pred;
  cuda_match_all_sync (0xffffffff, pair, &pred); /* { dg-error "incompatible type for argument 2 of 'cuda_match_not_available_for_this_type'" } */
  cuda_match_any_sync (0xffffffff, x); /* { dg-error "incompatible type for argument 2 of 'cuda_match_not_available_for_this_type'" } */
}
