/* SPDX-License-Identifier: MIT */
/* Seed 002's gaussian_pdf, with its constant SQRT_2PI, a @vectorize
   ufunc: a scalar function that cuda_vectorize applies to a million
   samples, checked against the same formula in plain C.  */

#include "notebook.h"
#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const float SQRT_2PI = 2.5066282746310002f;

/* Probability density function.  */
static float
gaussian_pdf (float x, float mean, float sigma)
{
  float z = (x - mean) / sigma;
  return expf (-0.5f * z * z) / (sigma * SQRT_2PI);
}

int
main (void)
{
  enum
  {
    n = 1000000
  };
  static float x[n], out[n];
  static double shown[n];
  srand (2);
  for (long i = 0; i < n; i++)
    x[i] = (float) rand () / RAND_MAX * 6 - 3;
  cuda_vectorize (gaussian_pdf, n) (out, x, 0.0f, 1.0f);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    {
      float expected = expf (-0.5f * x[i] * x[i]) / SQRT_2PI;
      mismatches += fabsf (out[i] - expected) > 1e-5f * expected;
    }
  /* The seed's quick test shows the array.  */
  for (long i = 0; i < n; i++)
    shown[i] = out[i];
  numpy_print_floats (shown, n, 1, "float32");
  printf ("gaussian-pdf: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
