/* A kernel links a file of CUDA C that cudajit did not write,
   cuda_jit ("link=FILE"), found as #include "FILE" is, and calls its
   extern "C" __device__ function, which it declares cuda_device: NVRTC
   compiles the file with the kernel, and the CPU backend runs the C
   function of that name, which another unit defines.  The results are
   checked against plain C.  */
/* { dg-do run } */
/* { dg-additional-sources "units/helpers-c.c" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

enum
{
  N = 500,
  BLOCK = 128
};

extern __attribute__ ((cuda_device)) float fused_poly (float x, float c);

__attribute__ ((cuda_jit ("link=units/helpers.cu", "fastmath"))) void
poly (int n, float *y, const float *x)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = fused_poly (x[i], 0.25f);
}

int
main (void)
{
  static float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = (float) i / 7.0f - 30.0f;
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_device_array (sizeof y);
  cuda_launch (poly, (N + BLOCK - 1) / BLOCK, BLOCK) (N, dy, dx);
  cuda_copy_to_host (y, dy, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (y[i] != fmaf (x[i], x[i], 0.25f) && bad++ < 5)
      printf ("y[%d] = %g, expected %g\n", i, y[i],
              fmaf (x[i], x[i], 0.25f));
  cuda_free (dx);
  cuda_free (dy);
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { inspect "" "run-link-cu.c: kernel poly \\\(fastmath\\\), links \[^ \]*units/helpers.cu" } } */
/* { dg-cudajit-levels all } */
