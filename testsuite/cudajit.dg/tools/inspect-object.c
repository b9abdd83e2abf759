/* cudajit-inspect lists the kernels and device functions of an object
   file, and prints, for a kernel, its unit's CUDA C with the user's lines,
   and the PTX and the registers that ptxas gives it, compiled alone as
   at its first launch.  -g at -O2 gives the
   kernels line information only, not device debug information.  */
/* { dg-do assemble } */
/* { dg-options "-O2 -g" } */

#include <cudajit.h>

static float
twice (float x)
{
  return 2 * x;
}

__attribute__ ((cuda_jit)) void
scale (float *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = twice (x[i]);
}

__attribute__ ((cuda_jit)) void
fill (int *x, int value)
{
  x[cuda_grid_x ()] = value;
}

/* { dg-final { inspect "" "(^|\n)inspect-object.c: device function twice(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-object.c: kernel scale(\n|$)" } } */
/* { dg-final { inspect "" "(^|\n)inspect-object.c: kernel fill(\n|$)" } } */
/* { dg-final { inspect-not "" "debug" } } */
/* { dg-final { inspect "fill --cuda" "#line 26 \"\[^\"\]*inspect-object.c\"\nextern \"C\" __global__ void _cjLaunchBounds\nfill \\(" } } */
/* { dg-final { inspect "scale --ptx" "\\.visible \\.entry scale\\(" } } */
/* { dg-final { inspect-not "scale --ptx" "\\.entry fill" } } */
/* { dg-final { inspect "scale" "^scale \\(inspect-object.c\\), sm_\[0-9\]+:\n.*Compiling entry function 'scale'.*Used \[0-9\]+ registers" } } */
/* { dg-final { inspect-not "scale" "entry function 'fill'" } } */
/* { dg-final { inspect "twice" "has no kernel twice" } } */
