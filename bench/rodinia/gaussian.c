/* SPDX-License-Identifier: MIT */
/* Gaussian elimination (Rodinia's gaussian): solve A x = B for a random
   SIZE x SIZE system, eliminating on the GPU a pivot at a time
   (gaussian-kernels.h), substituting back on the host.

     gaussian [SIZE]   (2048)

   A is diagonally dominant, so that the elimination needs no pivoting,
   and B is A times a known x, which the solution is checked against.  */

#include "rodinia.h"

#include "gaussian-kernels.h"

static const char usage[] = "[SIZE]";

static const double TOLERANCE = 1e-3;

struct gaussian
{
  int size;
  float *a, *b, *d_a, *d_b, *d_m;
};

static void
setup (void *data)
{
  struct gaussian *g = (struct gaussian *) data;
  size_t n = g->size;
  to_device (g->d_a, g->a, n * n * sizeof (float));
  to_device (g->d_b, g->b, n * sizeof (float));
}

static void
run (void *data)
{
  struct gaussian *g = (struct gaussian *) data;
  int size = g->size;
  int blocks = (size + GAUSSIAN_BLOCK - 1) / GAUSSIAN_BLOCK;
  int blocks_xy = (size + GAUSSIAN_BLOCK_XY - 1) / GAUSSIAN_BLOCK_XY;

  for (int t = 0; t < size - 1; t++)
    {
      LAUNCH (gaussian_multipliers, blocks, GAUSSIAN_BLOCK)
      (g->d_m, g->d_a, size, t);
      LAUNCH (gaussian_eliminate, DIM3 (blocks_xy, blocks_xy),
              DIM3 (GAUSSIAN_BLOCK_XY, GAUSSIAN_BLOCK_XY))
      (g->d_m, g->d_a, g->d_b, size, t);
    }
}

int
main (int argc, char **argv)
{
  struct gaussian g;
  g.size = int_argument (argc, argv, 1, 2048, 1, usage);
  size_t n = g.size;
  float *x = (float *) host_alloc (n * sizeof *x);
  g.a = (float *) host_alloc (n * n * sizeof *g.a);
  g.b = (float *) host_alloc (n * sizeof *g.b);
  for (size_t i = 0; i < n; i++)
    x[i] = random_between (-1.0f, 1.0f);
  for (size_t i = 0; i < n; i++)
    {
      double sum = 0;
      for (size_t j = 0; j < n; j++)
        {
          float v = random_between (-1.0f, 1.0f);
          g.a[i * n + j] = i == j ? v + (float) n : v;
          sum += (double) g.a[i * n + j] * x[j];
        }
      g.b[i] = (float) sum;
    }
  g.d_a = (float *) device_alloc (n * n * sizeof (float));
  g.d_m = (float *) device_alloc (n * n * sizeof (float));
  g.d_b = (float *) device_alloc (n * sizeof (float));

  time_runs ("gaussian", setup, run, &g);

  /* Back substitution, on the triangle that the GPU left.  */
  float *a = (float *) host_alloc (n * n * sizeof *a);
  float *b = (float *) host_alloc (n * sizeof *b);
  to_host (a, g.d_a, n * n * sizeof *a);
  to_host (b, g.d_b, n * sizeof *b);
  long mismatches = 0;
  double worst = 0;
  for (size_t i = n; i-- > 0;)
    {
      double sum = b[i];
      for (size_t j = i + 1; j < n; j++)
        sum -= (double) a[i * n + j] * b[j];
      b[i] = (float) (sum / a[i * n + i]);
      double error = fabs ((double) b[i] - x[i]);
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  device_free (g.d_a);
  device_free (g.d_m);
  device_free (g.d_b);
  free (a);
  free (b);
  free (x);
  free (g.a);
  free (g.b);
  return verdict ("gaussian", mismatches, worst);
}
