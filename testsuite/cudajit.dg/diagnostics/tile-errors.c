/* cuda_tiled_partition's size is a constant power of two from 1 to 32,
   as CUDA's template argument is: anything else is an error at compile
   time, on the line of the call.  cuda_tile_reduce's operation is
   checked as the other collectives' are, and its value's type, and the
   shuffles' by rank, as theirs.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  int a, b;
};

__attribute__ ((cuda_jit)) void
sizes (int *p, int n, float *f, struct pair *q)
{
  cuda_tile t = cuda_tiled_partition (n); /* { dg-error "the size of 'cuda_tiled_partition' must be a constant power of two from 1 to 32" } */
  t = cuda_tiled_partition (0); /* { dg-error "the size of 'cuda_tiled_partition' must be a constant power of two from 1 to 32" } */
  t = cuda_tiled_partition (12); /* { dg-error "must be a constant power of two" } */
  t = cuda_tiled_partition (64); /* { dg-error "must be a constant power of two" } */
  t = cuda_tiled_partition (-16); /* { dg-error "must be a constant power of two" } */
  t = cuda_tiled_partition (p[0]); /* { dg-error "must be a constant power of two" } */
  t = cuda_tiled_partition (2 * 8);
  p[1] = cuda_tile_reduce (t, p[1], n); /* { dg-error "the operation of 'cuda_tile_reduce' must be a constant" } */
  p[2] = cuda_tile_reduce (t, p[2], 7); /* { dg-error "the operation of 'cuda_tile_reduce' is none of 'CUDA_ADD'" } */
  f[0] = cuda_tile_reduce (t, f[0], CUDA_OR); /* { dg-error "'cuda_tile_reduce' with 'CUDA_AND', 'CUDA_OR' or 'CUDA_XOR' needs an integer value, not 'float'" } */
  f[1] = cuda_tile_reduce (t, f[1], CUDA_MAX);
  cuda_tile_reduce (t, *q, CUDA_ADD); /* { dg-error "incompatible type for argument 2 of 'cuda_tile_reduce_not_available_for_this_type'" } */
  cuda_tile_shfl (t, *q, 0); /* { dg-error "incompatible type for argument 2 of 'cuda_shfl_not_available_for_this_type'" } */
}
