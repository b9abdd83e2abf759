/* Kernels have malloc and free, CUDA's device heap; the rest of
   <stdlib.h>'s heap, which CUDA lacks, is refused, saying what to call
   instead.  */
/* { dg-do compile } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
allocate (int **out, int n)
{
  int *p = calloc (n, sizeof *p); /* { dg-error "kernel calls .calloc., which is not available on the GPU: CUDA has no device calloc; call malloc, then memset" } */
  p = realloc (p, 2 * n * sizeof *p); /* { dg-error "kernel calls .realloc., which is not available on the GPU: CUDA has no device realloc; call malloc, memcpy and free" } */
  out[0] = aligned_alloc (64, 64); /* { dg-error "kernel calls .aligned_alloc., which is not available on the GPU: CUDA has no device aligned_alloc; malloc's memory is aligned to 16 bytes" } */
  out[1] = p;
}
