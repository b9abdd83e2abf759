/* The block and warp collectives' operation is a constant, one of
   CUDA_ADD, CUDA_MIN, CUDA_MAX, CUDA_AND, CUDA_OR and CUDA_XOR, the last
   three on integers only: anything else is an error at compile time, on
   the line of the call.  So is a value of a type that they do not take,
   and cuda_reduce_OP_sync on anything but int and unsigned int.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
operations (int *p, float *f, double *d, int op, struct pair *q, long *l)
{
  p[0] = cuda_block_reduce (p[0], op); /* { dg-error "the operation of 'cuda_block_reduce' must be a constant: 'CUDA_ADD', 'CUDA_MIN', 'CUDA_MAX', 'CUDA_AND', 'CUDA_OR' or 'CUDA_XOR'" } */
  p[1] = cuda_warp_scan_inclusive (p[1], p[2]); /* { dg-error "the operation of 'cuda_warp_scan_inclusive' must be a constant" } */
  p[2] = cuda_warp_reduce (p[2], 6); /* { dg-error "the operation of 'cuda_warp_reduce' is none of 'CUDA_ADD'" } */
  p[3] = cuda_block_scan_exclusive (p[3], -1); /* { dg-error "the operation of 'cuda_block_scan_exclusive' is none of" } */
  f[0] = cuda_block_reduce (f[0], CUDA_AND); /* { dg-error "'cuda_block_reduce' with 'CUDA_AND', 'CUDA_OR' or 'CUDA_XOR' needs an integer value, not 'float'" } */
  d[0] = cuda_warp_scan_exclusive (d[0], CUDA_XOR); /* { dg-error "'cuda_warp_scan_exclusive' with 'CUDA_AND', 'CUDA_OR' or 'CUDA_XOR' needs an integer value, not 'double'" } */
  f[1] = cuda_block_scan_inclusive (f[1], CUDA_OR); /* { dg-error "needs an integer value" } */
  p[4] = cuda_block_reduce (p[4], CUDA_XOR);
  f[2] = cuda_warp_reduce (f[2], CUDA_MAX);
  cuda_block_reduce (*q, CUDA_ADD); /* { dg-error "incompatible type for argument 1 of 'cuda_collective_not_available_for_this_type'" } */
  cuda_warp_reduce (p, CUDA_ADD); /* { dg-error "incompatible type for argument 1 of 'cuda_collective_not_available_for_this_type'" } */
  cuda_reduce_add_sync (0xffffffff, *l); /* { dg-error "incompatible type for argument 2 of 'cuda_reduce_sync_not_available_for_this_type'" } */
  cuda_reduce_min_sync (0xffffffff, f[3]); /* { dg-error "incompatible type for argument 2 of 'cuda_reduce_sync_not_available_for_this_type'" } */
}
