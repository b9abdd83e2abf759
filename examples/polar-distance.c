/* Seed 002's polar distance: a device function converts polar coordinates
   to Cartesian ones (through pointers, where Python returns a tuple), and
   a kernel measures the distance between pairs of points.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

__attribute__ ((cuda_device)) void
polar_to_cartesian (float rho, float theta, float *x, float *y)
{
  *x = rho * cosf (theta);
  *y = rho * sinf (theta);
}

__attribute__ ((cuda_jit)) void
polar_distance (long n, const float rho1[n], const float theta1[n],
                const float rho2[n], const float theta2[n], float out[n])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  float x1, y1, x2, y2;
  polar_to_cartesian (rho1[i], theta1[i], &x1, &y1);
  polar_to_cartesian (rho2[i], theta2[i], &x2, &y2);
  out[i] = sqrtf ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2));
}

int
main (void)
{
  enum
  {
    n = 100000
  };
  static float rho1[n], theta1[n], rho2[n], theta2[n], out[n];
  for (long i = 0; i < n; i++)
    {
      rho1[i] = 1 + i % 7;
      theta1[i] = i * 0.001f;
      rho2[i] = 2 + i % 5;
      theta2[i] = -i * 0.002f;
    }
  cuda_forall (polar_distance, n) (n, rho1, theta1, rho2, theta2, out);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    {
      /* The law of cosines, for an independent check.  */
      double expected = sqrt (rho1[i] * rho1[i] + rho2[i] * rho2[i]
                              - 2.0 * rho1[i] * rho2[i]
                                    * cos ((double) theta1[i] - theta2[i]));
      mismatches += fabs (out[i] - expected) > 1e-4 * (expected + 1);
    }
  printf ("polar-distance: %s (%ld mismatches)\n",
          mismatches ? "FAILED" : "ok", mismatches);
  return mismatches != 0;
}
