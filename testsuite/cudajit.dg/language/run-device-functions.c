/* Device functions: marked cuda_device, or static and compiled for the
   GPU because a kernel calls them; defined before and after the kernel,
   calling each other, and recursive.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
__attribute__((cuda_device)) double polar_x (double rho, double theta) { return rho * cos (theta); }
static double polar_y (double rho, double theta) { return rho * sin (theta); }
static long fact (int n);
static double rint_half (double x) { return x >= 0 ? floor (x + 0.5) : ceil (x - 0.5); }
__attribute__((cuda_jit)) void dist (long n, const double r1[n], const double t1[n], const double r2[n], const double t2[n], double out[n], long f[n])
{
  long i = cuda_grid_x ();
  if (i < n) {
    double dx = polar_x (r1[i], t1[i]) - polar_x (r2[i], t2[i]);
    double dy = polar_y (r1[i], t1[i]) - polar_y (r2[i], t2[i]);
    out[i] = rint_half (sqrt (dx * dx + dy * dy) * 1000) / 1000;
    f[i] = fact (i % 15);
  }
}
static long fact (int n) { return n <= 1 ? 1 : n * fact (n - 1); }
int main (void) {
  enum { n = 64 }; double r1[n], t1[n], r2[n], t2[n], o[n]; long f[n];
  for (int i = 0; i < n; i++) { r1[i] = i; t1[i] = i * 0.1; r2[i] = 2 * i; t2[i] = i * 0.2; }
  cuda_forall (dist, n) (n, r1, t1, r2, t2, o, f);
  int bad = 0;
  for (int i = 0; i < n; i++) { double dx = polar_x (r1[i], t1[i]) - polar_x (r2[i], t2[i]), dy = polar_y (r1[i], t1[i]) - polar_y (r2[i], t2[i]);
    bad += o[i] != rint_half (sqrt (dx*dx+dy*dy)*1000)/1000 || f[i] != fact (i % 15); }
  printf ("device functions: %d errors\n", bad); return bad;
}

/* { dg-output "device functions: 0 errors" } */
/* { dg-cudajit-levels all } */
