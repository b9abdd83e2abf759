/* #pragma cudajit link "FILE", the unit-wide form of
   cuda_jit ("link=FILE"): both kernels that follow link the file once,
   found as #include "FILE" is, and call its function; the CPU backend
   runs the C function of that name, which another unit defines.  The
   results are checked against plain C.  */
/* { dg-do run } */
/* { dg-additional-sources "units/helpers-c.c" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#pragma cudajit link "units/helpers.cu"

enum
{
  N = 96
};

extern __attribute__ ((cuda_device)) float fused_poly (float x, float c);

__attribute__ ((cuda_jit)) void
plus_half (float *y)
{
  y[threadIdx.x] = fused_poly (y[threadIdx.x], 0.5f);
}

__attribute__ ((cuda_jit ("fastmath"))) void
minus_one (float *y)
{
  y[threadIdx.x] = fused_poly (y[threadIdx.x], -1.0f);
}

int
main (void)
{
  float x[N], y[N], z[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = z[i] = (float) i / 8.0f - 5.0f;
  float *dy = cuda_to_device (y, sizeof y);
  float *dz = cuda_to_device (z, sizeof z);
  cuda_launch (plus_half, 1, N) (dy);
  cuda_launch (minus_one, 1, N) (dz);
  cuda_copy_to_host (y, dy, sizeof y);
  cuda_copy_to_host (z, dz, sizeof z);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += (y[i] != fmaf (x[i], x[i], 0.5f))
           + (z[i] != fmaf (x[i], x[i], -1.0f));
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { inspect "" "kernel plus_half, links \[^ \]*units/helpers.cu" } } */
/* { dg-final { inspect "" "kernel minus_one \\\(fastmath\\\), links \[^ \]*units/helpers.cu" } } */
/* { dg-cudajit-levels all } */
