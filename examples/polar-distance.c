/* SPDX-License-Identifier: MIT */
/* Seed 002's polar distance, a @vectorize ufunc: a device function
   converts polar coordinates to Cartesian ones (through pointers, where
   Python returns a tuple), and cuda_vectorize applies the distance of two
   points to each pair.  */

#include "notebook.h"
#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_device)) void
polar_to_cartesian (float rho, float theta, float *x, float *y)
{
  *x = rho * cosf (theta);
  *y = rho * sinf (theta);
}

static float
polar_distance (float rho1, float theta1, float rho2, float theta2)
{
  float x1, y1, x2, y2;
  polar_to_cartesian (rho1, theta1, &x1, &y1);
  polar_to_cartesian (rho2, theta2, &x2, &y2);
  return sqrtf ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2));
}

int
main (void)
{
  enum
  {
    n = 1000000
  };
  static float rho1[n], theta1[n], rho2[n], theta2[n], out[n];
  static double shown[n];
  /* The seed's uniform draws: rho in [0.5, 1.5), theta in [-pi, pi).  */
  srand (3);
  for (long i = 0; i < n; i++)
    {
      rho1[i] = 0.5f + (float) rand () / RAND_MAX;
      theta1[i] = (float) ((2.0 * rand () / RAND_MAX - 1) * M_PI);
      rho2[i] = 0.5f + (float) rand () / RAND_MAX;
      theta2[i] = (float) ((2.0 * rand () / RAND_MAX - 1) * M_PI);
    }
  cuda_vectorize (polar_distance, n) (out, rho1, theta1, rho2, theta2);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    {
      /* The law of cosines, for an independent check.  */
      double expected = sqrt (rho1[i] * rho1[i] + rho2[i] * rho2[i]
                              - 2.0 * rho1[i] * rho2[i]
                                    * cos ((double) theta1[i] - theta2[i]));
      mismatches += fabs (out[i] - expected) > 1e-4 * (expected + 1);
    }
  for (long i = 0; i < n; i++)
    shown[i] = out[i];
  numpy_print_floats (shown, n, 1, "float32");
  printf ("polar-distance: %s (%ld mismatches)\n",
          mismatches ? "FAILED" : "ok", mismatches);
  return mismatches != 0;
}
