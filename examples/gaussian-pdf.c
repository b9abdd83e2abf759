/* Seed 002's gaussian_pdf, with its constant SQRT_2PI, as a kernel over a
   million samples, checked against the same formula in plain C.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const float SQRT_2PI = 2.5066282746310002f;

__attribute__ ((cuda_jit)) void
gaussian_pdf (long n, const float x[n], float out[n], float mean, float sigma)
{
  long i = cuda_grid_x ();
  if (i < n)
    {
      float z = (x[i] - mean) / sigma;
      out[i] = expf (-0.5f * z * z) / (sigma * SQRT_2PI);
    }
}

int
main (void)
{
  enum
  {
    n = 1000000
  };
  static float x[n], out[n];
  srand (2);
  for (long i = 0; i < n; i++)
    x[i] = (float) rand () / RAND_MAX * 6 - 3;
  cuda_forall (gaussian_pdf, n) (n, x, out, 0.0f, 1.0f);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    {
      float expected = expf (-0.5f * x[i] * x[i]) / SQRT_2PI;
      mismatches += fabsf (out[i] - expected) > 1e-5f * expected;
    }
  printf ("pdf (%g) = %g; gaussian-pdf: %s (%ld mismatches)\n", x[0], out[0],
          mismatches ? "FAILED" : "ok", mismatches);
  return mismatches != 0;
}
