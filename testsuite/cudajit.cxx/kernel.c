/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The C unit of cxx.exp's program: a kernel, and the C function that
   launches it, which C++ code calls.  */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
scale (float *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = 2 * i;
}

void
launch_scale (float *x, int n)
{
  cuda_launch (scale, 1, n) (x, n);
  cuda_synchronize ();
}
