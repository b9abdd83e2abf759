/* A kernel calls a device function that another unit defines, which
   calls one of a third unit: on the GPU the three units' CUDA C is
   compiled relocatable and linked at the first launch, on the CPU
   backend the C functions are linked as any.  Each unit has a static
   function twice of its own, which stays its unit's.  The results are
   checked against the same arithmetic in plain C.  */
/* { dg-do run } */
/* { dg-additional-sources "units/axpb.c units/scale.c" } */

#include <cudajit.h>
#include <stdio.h>

#include "units/axpb.h"

enum
{
  N = 1000,
  BLOCK = 128
};

static float
twice (float x)
{
  return x * 2.0f;
}

__attribute__ ((cuda_jit)) void
apply (int n, float *y, const float *x)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = axpb (twice (x[i]), x[i], 3.0f);
}

int
main (void)
{
  static float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = (float) (i % 37) - 18.0f;
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_device_array (sizeof y);
  cuda_launch (apply, (N + BLOCK - 1) / BLOCK, BLOCK) (N, dy, dx);
  cuda_copy_to_host (y, dy, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      float a = x[i] * 2.0f;
      float expected = (a * (x[i] * 0.5f - 1.0f)) * 2.0f + 3.0f;
      if (y[i] != expected && bad++ < 5)
        printf ("y[%d] = %g, expected %g\n", i, y[i], expected);
    }
  cuda_free (dx);
  cuda_free (dy);
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-cudajit-levels all } */
