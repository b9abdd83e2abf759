/* -fplugin-arg-cudajit-debug gives the kernels device debug information
   whatever the optimization level.  */
/* { dg-do assemble } */
/* { dg-options "-O2 -fplugin-arg-cudajit-debug" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
fill (int *x, int value)
{
  x[cuda_grid_x ()] = value;
}

/* { dg-final { inspect "" "^inspect-debug-option.c: kernel fill \\(debug\\)\n?$" } } */
