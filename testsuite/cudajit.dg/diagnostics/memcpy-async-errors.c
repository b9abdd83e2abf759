/* cuda_memcpy_async's size is an immediate of cp.async: the constant 4,
   8 or 16, anything else an error at compile time on the line of the
   call.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
copies (const int *x, int bytes)
{
  static __attribute__ ((cuda_shared, aligned (16))) int s[64];
  enum
  {
    EIGHT = 8
  };
  cuda_memcpy_async (&s[0], x, 4);
  cuda_memcpy_async (&s[4], x, EIGHT);
  cuda_memcpy_async (&s[8], x, 2 * EIGHT);
  cuda_memcpy_async (&s[12], x, sizeof (int));
  cuda_memcpy_async (&s[16], x, 2);  /* { dg-error "the size of 'cuda_memcpy_async' must be the constant 4, 8 or 16" } */
  cuda_memcpy_async (&s[20], x, 32); /* { dg-error "the size of 'cuda_memcpy_async' must be the constant 4, 8 or 16" } */
  cuda_memcpy_async (&s[24], x, bytes); /* { dg-error "the size of 'cuda_memcpy_async' must be the constant 4, 8 or 16" } */
  cuda_pipeline_commit ();
  cuda_pipeline_wait (bytes);
}
