/* SPDX-License-Identifier: MIT */
/* LU decomposition (Rodinia's lud): a random diagonally dominant DIM x
   DIM matrix factored in place into L and U by blocks
   (lud-kernels.h).

     lud [DIM]   (2048, a multiple of 16)

   Checked by L U v against A v for a random vector v, which costs DIM
   squared where comparing L U with A costs DIM cubed.  */

#include "rodinia.h"

#include "lud-kernels.h"

static const char usage[] = "[DIM]";

static const double TOLERANCE = 5e-5;

struct lud
{
  int dim;
  float *a, *d_m;
};

static void
setup (void *data)
{
  struct lud *l = (struct lud *) data;
  to_device (l->d_m, l->a, (size_t) l->dim * l->dim * sizeof (float));
}

static void
run (void *data)
{
  struct lud *l = (struct lud *) data;
  int dim = l->dim, offset;

  for (offset = 0; offset < dim - LUD_BLOCK; offset += LUD_BLOCK)
    {
      int blocks = (dim - offset) / LUD_BLOCK - 1;
      LAUNCH (lud_diagonal, 1, LUD_BLOCK) (l->d_m, dim, offset);
      LAUNCH (lud_perimeter, blocks, LUD_BLOCK * 2) (l->d_m, dim, offset);
      LAUNCH (lud_internal, DIM3 (blocks, blocks), DIM3 (LUD_BLOCK, LUD_BLOCK))
      (l->d_m, dim, offset);
    }
  LAUNCH (lud_diagonal, 1, LUD_BLOCK) (l->d_m, dim, offset);
}

int
main (int argc, char **argv)
{
  struct lud l;
  l.dim = int_argument (argc, argv, 1, 2048, LUD_BLOCK, usage);
  if (l.dim % LUD_BLOCK)
    {
      fprintf (stderr, "lud: %d is not a multiple of %d\n", l.dim, LUD_BLOCK);
      return 2;
    }
  size_t n = l.dim, bytes = n * n * sizeof (float);
  l.a = (float *) host_alloc (bytes);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      l.a[i * n + j] = random_float () + (i == j ? (float) n : 0.0f);
  l.d_m = (float *) device_alloc (bytes);

  time_runs ("lud", setup, run, &l);

  float *lu = (float *) host_alloc (bytes);
  double *v = (double *) host_alloc (n * sizeof *v);
  double *uv = (double *) host_alloc (n * sizeof *uv);
  to_host (lu, l.d_m, bytes);
  for (size_t i = 0; i < n; i++)
    v[i] = random_float ();
  /* U v, then L (U v) against A v.  */
  for (size_t i = 0; i < n; i++)
    {
      double sum = 0;
      for (size_t j = i; j < n; j++)
        sum += (double) lu[i * n + j] * v[j];
      uv[i] = sum;
    }
  double *av = (double *) host_alloc (n * sizeof *av), scale = 0;
  for (size_t i = 0; i < n; i++)
    {
      av[i] = 0;
      for (size_t j = 0; j < n; j++)
        av[i] += (double) l.a[i * n + j] * v[j];
      scale = fmax (scale, fabs (av[i]));
    }
  long mismatches = 0;
  double worst = 0;
  for (size_t i = 0; i < n; i++)
    {
      double luv = uv[i];
      for (size_t j = 0; j < i; j++)
        luv += (double) lu[i * n + j] * uv[j];
      double error = fabs (luv - av[i]) / scale;
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  free (av);
  device_free (l.d_m);
  free (lu);
  free (v);
  free (uv);
  free (l.a);
  return verdict ("lud", mismatches, worst);
}
