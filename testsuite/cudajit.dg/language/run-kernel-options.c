/* Kernels with compile options, Numba's @cuda.jit(fastmath=True,
   max_registers=N, opt=False, debug=True), run as those without: within
   the tolerance of fast math for fastmath, exactly for the others.  Each
   option reaches NVRTC: the kernel's record lists it, and fastmath makes
   NVRTC's PTX use approximate division, which a kernel of the same unit
   without it does not.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

__attribute__ ((cuda_jit ("fastmath", "max_registers=64"))) void
fast (const float x[N], const float y[N], float out[N], int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = expf (x[i]) / y[i] + sqrtf (x[i] * y[i]);
}

__attribute__ ((cuda_jit)) void
plain (const float x[N], const float y[N], float out[N], int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = x[i] / y[i];
}

__attribute__ ((cuda_jit ("max_registers=16", "opt=0"))) void
few_registers (const int a[N], int out[N], int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = a[i] * a[i] - 3 * a[i] + i % 7;
}

__attribute__ ((cuda_jit ("debug", "lineinfo"))) void
debugged (const int a[N], int out[N], int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = a[i] ^ (i * 31);
}

int
main (void)
{
  static float x[N], y[N], out[N], quotient[N];
  static int a[N], squares[N], mixed[N];
  int failures = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = (i % 97) * 0.03125f - 1.0f;
      y[i] = 0.5f + (i % 13) * 0.25f;
      a[i] = i * 17 - 4000;
    }
  cuda_launch (fast, (N + 127) / 128, 128) (x, y, out, N);
  cuda_launch (plain, (N + 127) / 128, 128) (x, y, quotient, N);
  cuda_launch (few_registers, (N + 127) / 128, 128) (a, squares, N);
  cuda_launch (debugged, (N + 127) / 128, 128) (a, mixed, N);
  cuda_synchronize ();

  for (int i = 0; i < N; i++)
    {
      double want = exp (x[i]) / y[i] + sqrt ((double) x[i] * y[i]);
      if (x[i] * y[i] < 0)
        {
          /* Fast math may give anything for the square root of a negative
             number; the others give NaN.  */
        }
      else if (fabs (out[i] - want) > 1e-5 * fabs (want) + 1e-6)
        {
          printf ("fast[%d] = %.9g, want %.9g\n", i, out[i], want);
          failures++;
        }
      if (quotient[i] != x[i] / y[i])
        {
          printf ("plain[%d] = %.9g, want %.9g\n", i, quotient[i],
                  x[i] / y[i]);
          failures++;
        }
      if (squares[i] != a[i] * a[i] - 3 * a[i] + i % 7)
        {
          printf ("few_registers[%d] = %d\n", i, squares[i]);
          failures++;
        }
      if (mixed[i] != (a[i] ^ (i * 31)))
        {
          printf ("debugged[%d] = %d\n", i, mixed[i]);
          failures++;
        }
    }
  printf ("%d failures\n", failures);
  return failures != 0;
}

/* { dg-output "0 failures" } */
/* { dg-final { inspect "" "(?n)kernel fast \\(fastmath, max_registers=64\\)$" } } */
/* { dg-final { inspect "" "(?n)kernel plain$" } } */
/* { dg-final { inspect "" "(?n)kernel few_registers \\(opt=0, max_registers=16\\)$" } } */
/* { dg-final { inspect "" "(?n)kernel debugged \\(debug\\)$" } } */
/* { dg-final { inspect "fast --ptx" "div\\.(approx|full)\\.ftz\\.f32" } } */
/* { dg-final { inspect-not "plain --ptx" "div\\.(approx|full)\\.ftz\\.f32" } } */
/* { dg-cudajit-levels all } */
