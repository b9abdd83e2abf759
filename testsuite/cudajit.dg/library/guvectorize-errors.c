/* cuda_guvectorize's errors at the call, each on the line of the call.  */
/* { dg-do compile } */

#include <cudajit.h>

static void
scale (int n, double v[n], double factor)
{
  for (int i = 0; i < n; i++)
    v[i] *= factor;
}

static double
returns (int n, const double v[n])
{
  return v[0] + n;
}

static void
no_extent (double *v)
{
  v[0] = 1;
}

static void
computed_extent (int n, double v[2 * n])
{
  v[0] = n;
}

struct pair
{
  double a, b;
};

__attribute__ ((cuda_jit)) void
kernel (double *x)
{
  cuda_guvectorize (scale, 1) (4, x, 2.0); /* { dg-error "'cuda_guvectorize' cannot be used in a kernel" } */
}

void
host (double *x, float *floats, struct pair pair, long count)
{
  cuda_guvectorize (scale, count) (4, x); /* { dg-error "'cuda_guvectorize' of 'scale' takes 3 arguments, but is given 2" } */
  cuda_guvectorize (scale, count) (4, floats, 2.0); /* { dg-error "argument 2 of 'cuda_guvectorize' of 'scale' is 'float \\*'; it must point to 'double'" } */
  cuda_guvectorize (scale, count) (4, x, pair); /* { dg-error "argument 3 of 'cuda_guvectorize' of 'scale' is 'struct pair'; it must be a scalar" } */
  cuda_guvectorize (scale, count) (4, 2.0, 2.0); /* { dg-error "argument 2 of 'cuda_guvectorize' of 'scale' is 'double'; it must point to 'double'" } */
  cuda_guvectorize (returns, count) (4, x); /* { dg-error "'returns' returns 'double'; 'cuda_guvectorize' needs a void function" } */
  cuda_guvectorize (no_extent, count) (x); /* { dg-error "parameter 1 of 'no_extent' is 'double \\*'; 'cuda_guvectorize' needs scalars, and arrays of scalars whose extents the declaration gives" } */
  cuda_guvectorize (computed_extent, count) (4, x); /* { dg-error "parameter 2 of 'computed_extent' computes its extent from the others; 'cuda_guvectorize' needs extents that are constants or parameters" } */
  cuda_guvectorize (scale, count, .shared_bytes = 16) (4, x, 2.0); /* { dg-error "'cuda_guvectorize' takes '.stream', not '.shared_bytes'" } */
}
