/* SPDX-License-Identifier: MIT */
/* Seed 002's hypot: a numerically careful hypotenuse as a device function,
   applied to arrays by a kernel (Numba's @vectorize for the GPU), checked
   against the C library's hypot.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

__attribute__ ((cuda_device)) float
careful_hypot (float x, float y)
{
  x = fabsf (x);
  y = fabsf (y);
  float t = fminf (x, y);
  x = fmaxf (x, y);
  t = t / x;
  return x * sqrtf (1 + t * t);
}

__attribute__ ((cuda_jit)) void
hypot_kernel (long n, const float x[n], const float y[n], float out[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = careful_hypot (x[i], y[i]);
}

int
main (void)
{
  enum
  {
    n = 1000000
  };
  static float x[n], y[n], out[n];
  for (long i = 0; i < n; i++)
    {
      x[i] = (i % 1000) * 0.5f + 1;
      y[i] = (i / 1000) * 0.25f + 1;
    }
  cuda_forall (hypot_kernel, n) (n, x, y, out);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += fabsf (out[i] - hypotf (x[i], y[i])) > 1e-5f * out[i];
  /* A device function is a C function on the host too.  */
  printf ("careful_hypot (3, 4) = %g\n", careful_hypot (3, 4));
  printf ("hypot: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
