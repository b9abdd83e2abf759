/* CUDAJIT_PROFILE=1 prints at exit a table of the kernels launched, in
   the order of their first launches, with their launches, times, the
   bytes of host arrays copied for them and their unit's compilation.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_PROFILE "1" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int n, int x[n], int value)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = value;
}

__attribute__ ((cuda_jit)) void
never_launched (int *x)
{
  x[0] = 0;
}

__attribute__ ((cuda_jit)) void
add_one (int *x)
{
  x[cuda_grid_x ()] += 1;
}

int
main (void)
{
  enum { N = 1000 };
  static int host[N];
  int *device = cuda_device_array (N * sizeof *device);
  for (int i = 0; i < 3; i++)
    cuda_launch (fill, 4, 256) (N, host, i);
  cuda_launch (add_one, 1, 32) (device);
  cuda_launch (add_one, 1, 32) (device);
  cuda_synchronize ();
  printf ("host[0] %d\n", host[0]);
  return 0;
}

/* { dg-output "host\\\[0\\\] 2\n" } */
/* { dg-output "cudajit profile \\((GPU, times from CUDA events|CPU backend, wall times)\\):\n" } */
/* { dg-output "kernel +unit +launches +total ms +mean us +copied MB +copy ms +compile ms\n" } */
/* { dg-output "fill +run-profile.c +3 +\[0-9.\]+ +\[0-9.\]+ +0.0\[0-9\] +\[0-9.\]+ +(-|\[0-9.\]+ \\((NVRTC|cache)\\))\n" } */
/* { dg-output "add_one +run-profile.c +2 +\[0-9.\]+ +\[0-9.\]+ +0.00 +\[0-9.\]+ +(-|\[0-9.\]+ \\((NVRTC|cache)\\))\n?$" } */
/* { dg-cudajit-levels all } */
