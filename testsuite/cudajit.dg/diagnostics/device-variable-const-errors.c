/* A copy to a const device variable, which kernels may have built in and
   which the CPU backend keeps in read-only memory, is an error at the
   call; copies from it, and to a variable whose elements are not const,
   are not.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) const float table[4] = { 1, 2, 3, 4 };
static __attribute__ ((cuda_device)) const int limit = 10;
__attribute__ ((cuda_device)) float weights[4];
__attribute__ ((cuda_device)) const float *pointer;

__attribute__ ((cuda_jit)) void
use (float *out)
{
  out[threadIdx.x] = table[threadIdx.x] * weights[threadIdx.x] + limit;
  out[4] = pointer ? *pointer : 0;
}

void
update (const float host[4], cuda_stream_t stream)
{
  float back[4];
  int limit_back;
  cuda_copy_to_symbol (table, host, 4 * sizeof (float)); /* { dg-error "'cuda_copy_to_symbol' to const device variable 'table': no copy may change it" } */
  cuda_copy_to_symbol_async (limit, host, sizeof (int), stream); /* { dg-error "'cuda_copy_to_symbol_async' to const device variable 'limit'" } */
  cuda_copy_from_symbol (back, table, sizeof back);
  cuda_copy_from_symbol_async (&limit_back, limit, sizeof limit_back, stream);
  cuda_copy_to_symbol (weights, back, sizeof back);
  cuda_copy_to_symbol (pointer, &host, sizeof pointer);
}
