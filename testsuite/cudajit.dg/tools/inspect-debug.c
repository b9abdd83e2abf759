/* A unit compiled with -g at -O0 has its kernels compiled with device
   debug information, for cuda-gdb, which NVRTC accepts.  */
/* { dg-do link } */
/* { dg-options "-g -O0" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
fill (int *x, int value)
{
  x[cuda_grid_x ()] = value;
}

int
main (void)
{
  int *x = cuda_device_array (32 * sizeof *x);
  cuda_launch (fill, 1, 32) (x, 7);
  return 0;
}

/* { dg-final { inspect "" "^inspect-debug.c: kernel fill \\(debug\\)\n?$" } } */
/* { dg-final { inspect "fill" "Compiling entry function 'fill'" } } */
