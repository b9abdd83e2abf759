/* The functions of <math.h> that kernels may not call say why.  */
/* { dg-do compile } */
/* { dg-options "-D_DEFAULT_SOURCE" } */

#include <cudajit.h>
#include <math.h>

__attribute__ ((cuda_jit)) void
next (double *x, int n)
{
  int i = cuda_grid_x (), sign;
  if (i < n)
    x[i] = lgamma_r (x[i], &sign); /* { dg-error "kernel calls .lgamma_r., which is not available on the GPU: CUDA has no reentrant lgamma; lgamma instead" } */
}
