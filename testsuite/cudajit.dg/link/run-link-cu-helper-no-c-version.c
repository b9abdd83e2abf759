/* A kernel calls a function of the CUDA C that it links through a device
   function, and the program has no C version of it: the program links,
   as it does when the kernel calls the function itself (it is referred
   to weakly); on the GPU it runs, while on the CPU backend the launch is
   an error that names the kernel, the launch's line, the function and
   the file.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

enum
{
  N = 64
};

extern __attribute__ ((cuda_device)) float fused_poly (float x, float c);

static float
poly_of (float x)
{
  return fused_poly (x, 1.0f);
}

__attribute__ ((cuda_jit ("link=units/helpers.cu"))) void
poly (float *y)
{
  y[threadIdx.x] = poly_of (y[threadIdx.x]);
}

int
main (void)
{
  float y[N], x[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = (float) i / 4.0f;
  float *d = cuda_to_device (y, sizeof y);
  cuda_launch (poly, 1, N) (d);
  const char *error = cuda_last_error ();
  if (error)
    {
      printf ("error: %s\n", error);
      return 0;
    }
  cuda_copy_to_host (y, d, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != fmaf (x[i], x[i], 1.0f);
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" { target cuda_gpu } } */
/* { dg-output "error: kernel 'poly' launched at \[^\n\]*run-link-cu-helper-no-c-version.c:40: it calls 'fused_poly', which it links from CUDA C \\(\[^\n\]*units/helpers.cu\\) for the GPU, but the program has no C function 'fused_poly': the CPU backend needs a C version of it" { target { ! cuda_gpu } } } */
/* { dg-cudajit-levels all } */
