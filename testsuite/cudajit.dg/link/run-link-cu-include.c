/* A kernel links CUDA C that includes headers of its own directory
   (#include "blend.h", which includes another): the plugin puts them in
   its place at compile time, between #line directives, so that NVRTC
   finds no #include to look for at run time, from whatever directory the
   program runs, and its messages name the headers' own lines.  The CPU
   backend runs blend's C version.  The results are checked against plain
   C, on values that no rounding changes.  */
/* { dg-do run } */
/* { dg-additional-sources "units/include/blend-c.c" } */

#include <cudajit.h>
#include <stdio.h>

#include "units/include/blend-weights.h"

enum
{
  N = 300,
  BLOCK = 128
};

extern __attribute__ ((cuda_device)) float blend (float x, float y);

__attribute__ ((cuda_jit ("link=units/include/blend.cu"))) void
blend_all (int n, float *out, const float *x, const float *y)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = blend (x[i], y[i]);
}

int
main (void)
{
  static float x[N], y[N], out[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i % 17 * 4;
      y[i] = i % 11 * 4 - 20;
    }
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_to_device (y, sizeof y);
  float *dout = cuda_device_array (sizeof out);
  cuda_launch (blend_all, (N + BLOCK - 1) / BLOCK, BLOCK) (N, dout, dx, dy);
  cuda_copy_to_host (out, dout, sizeof out);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      float expected = BLEND_WEIGHT * x[i] + (1.0f - BLEND_WEIGHT) * y[i]
                       + BLEND_OFFSET;
      if (out[i] != expected && bad++ < 5)
        printf ("out[%d] = %g, expected %g\n", i, out[i], expected);
    }
  cuda_free (dx);
  cuda_free (dy);
  cuda_free (dout);
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { scan-cuda-not "#include \"blend" } } */
/* { dg-final { scan-cuda "#line 1 \"\[^\"\n\]*units/include/blend.h\"\n" } } */
/* { dg-final { scan-cuda "#line 1 \"\[^\"\n\]*units/include/blend-weights.h\"\n" } } */
/* { dg-final { scan-cuda "#define BLEND_WEIGHT 0.25f" } } */
/* { dg-final { scan-cuda-times "#ifndef _cjIncludedOnce\[0-9a-f\]+\n" 2 } } */
/* { dg-final { scan-cuda "#line 5 \"\[^\"\n\]*units/include/blend.cu\"\n" } } */
/* { dg-final { scan-cuda "#line 7 \"\[^\"\n\]*units/include/blend.cu\"\n" } } */
/* { dg-final { scan-cuda "#include \"no-such-header.h\" in a comment" } } */
/* { dg-cudajit-levels all } */
