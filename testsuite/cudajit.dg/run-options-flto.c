/* A kernel and its launches compiled with -O2 -flto.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
saxpy (float a, const float *x, float *y, int n)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    y[i] = a * x[i] + y[i];
}

int
main (void)
{
  enum { n = 5000 };
  static float x[n], y[n];
  for (int i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 1;
    }
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_to_device (y, sizeof y);
  cuda_launch (saxpy, 4, 256) (2, dx, dy, n);
  cuda_copy_to_host (y, dy, sizeof y);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += y[i] != 2.0f * i + 1;
  printf ("saxpy: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "saxpy: 0 errors" } */
