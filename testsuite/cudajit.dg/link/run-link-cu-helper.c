/* A kernel calls a function of the CUDA C that it links through device
   functions of its unit, a static one that calls a public one that calls
   it: NVRTC compiles the file with the kernel, and the CPU backend runs
   the C function of that name, which another unit defines.  The results
   are checked against plain C.  */
/* { dg-do run } */
/* { dg-additional-sources "units/helpers-c.c" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

enum
{
  N = 300,
  BLOCK = 128
};

extern __attribute__ ((cuda_device)) float fused_poly (float x, float c);

__attribute__ ((cuda_device)) float
poly_plus_one (float x)
{
  return fused_poly (x, 0.25f) + 1.0f;
}

static float
twice_poly_plus_one (float x)
{
  return 2.0f * poly_plus_one (x);
}

__attribute__ ((cuda_jit ("link=units/helpers.cu"))) void
poly (int n, float *y, const float *x)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = twice_poly_plus_one (x[i]);
}

int
main (void)
{
  static float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = (float) i / 8.0f - 10.0f;
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_device_array (sizeof y);
  cuda_launch (poly, (N + BLOCK - 1) / BLOCK, BLOCK) (N, dy, dx);
  cuda_copy_to_host (y, dy, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      float expected = 2.0f * (fmaf (x[i], x[i], 0.25f) + 1.0f);
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
