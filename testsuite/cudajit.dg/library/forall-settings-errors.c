/* cuda_forall takes .block, .stream and .shared_bytes: a grid is the
   count's to give.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
k (int *p)
{
  p[0] = 1;
}

void
refused (int *p)
{
  cuda_forall (k, 1, .grid = 4) (p); /* { dg-error "has no member named 'grid'" } */
}
