/* A kernel calls a function declared __attribute__ ((cuda_device)) that
   another unit defines without it: the CPU backend runs the C function,
   while on the GPU the first launch is an error that names the kernel,
   the launch's line and the function, which no unit defines for the
   GPU.  */
/* { dg-do run } */
/* { dg-additional-sources "units/host-only.c" } */
/* NVRTC compiles its CUDA C alone, which linked lacks host_only_scale, as
   on the GPU.  */
/* { dg-nvrtc-options "" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

#include "units/host-only.h"

enum
{
  N = 64
};

__attribute__ ((cuda_jit)) void
triple (float *y)
{
  y[threadIdx.x] = host_only_scale (y[threadIdx.x]);
}

int
main (void)
{
  float y[N], x[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = (float) i - 7.5f;
  float *d = cuda_to_device (y, sizeof y);
  cuda_launch (triple, 1, N) (d);
  const char *error = cuda_last_error ();
  if (error)
    {
      printf ("error: %s\n", error);
      return 0;
    }
  cuda_copy_to_host (y, d, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != x[i] * 3.0f;
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" { target { ! cuda_gpu } } } */
/* { dg-output "error: kernel 'triple' launched at \[^\n\]*run-device-function-host-only.c:36: run-device-function-host-only.c calls the device function 'host_only_scale', which no unit of the program defines for the GPU" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
