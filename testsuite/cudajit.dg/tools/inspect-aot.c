/* -fplugin-arg-cudajit-arch=sm_80,sm_90 compiles the unit's CUDA C at
   build time: a cubin for each architecture and PTX for the newest, for
   each set of compile options of its kernels, which cudajit-inspect
   lists beside the kernels.  */
/* { dg-do assemble } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_80,sm_90" } */
/* { dg-require-effective-target nvrtc } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
scale (float *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = 2 * x[i];
}

__attribute__ ((cuda_jit ("fastmath"))) void
fast (float *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = x[i] / 3;
}

/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image sm_80(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image sm_90(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image compute_90(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image sm_80 \\(fastmath\\)(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image sm_90 \\(fastmath\\)(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: image compute_90 \\(fastmath\\)(\n|$)" } } */
/* { dg-final { inspect-not "" "compute_80" } } */
/* { dg-final { inspect "" "(^|\n)inspect-aot.c: kernel scale(\n|$)" } } */
