/* SPDX-License-Identifier: MIT */
/* SRAD (Rodinia's srad_v2): speckle-reducing anisotropic diffusion of a
   ROWS x COLS image, whose region of interest (rows R1 to R2, columns C1
   to C2) sets the diffusion's threshold at each iteration
   (srad-kernels.h).

     srad [ROWS [COLS [R1 R2 C1 C2 [LAMBDA [ITERATIONS]]]]]
          (2048, 2048, 0 127 0 127, 0.5, 10)

   Checked against the same iterations on the host.  */

#include "rodinia.h"

#include "srad-kernels.h"

static const char usage[]
    = "[ROWS [COLS [R1 R2 C1 C2 [LAMBDA [ITERATIONS]]]]]";

static const double TOLERANCE = 1e-3;

enum
{
  MAX_REDUCE_BLOCKS = 1024
};

struct srad
{
  int rows, cols, r1, r2, c1, c2, iterations, reduce_blocks;
  float lambda;
  float *image, *d_image_init, *d_j, *d_n, *d_s, *d_w, *d_e, *d_c, *d_q0sqr;
  double *d_partial;
};

static void
setup (void *data)
{
  struct srad *s = (struct srad *) data;
  device_copy (s->d_j, s->d_image_init,
               (size_t) s->rows * s->cols * sizeof (float));
}

static void
run (void *data)
{
  struct srad *s = (struct srad *) data;
  int roi_pixels = (s->r2 - s->r1 + 1) * (s->c2 - s->c1 + 1);
  int bx = (s->cols + SRAD_BLOCK - 1) / SRAD_BLOCK;
  int by = (s->rows + SRAD_BLOCK - 1) / SRAD_BLOCK;

  for (int iter = 0; iter < s->iterations; iter++)
    {
      LAUNCH (srad_roi_sums, s->reduce_blocks, SRAD_REDUCE_BLOCK)
      (s->d_j, s->cols, s->r1, s->r2, s->c1, s->c2, s->d_partial);
      LAUNCH (srad_q0sqr, 1, 1)
      (s->d_partial, s->reduce_blocks, roi_pixels, s->d_q0sqr);
      LAUNCH (srad_coefficients, DIM3 (bx, by), DIM3 (SRAD_BLOCK, SRAD_BLOCK))
      (s->d_j, s->d_n, s->d_s, s->d_w, s->d_e, s->d_c, s->cols, s->rows,
       s->d_q0sqr);
      LAUNCH (srad_update, DIM3 (bx, by), DIM3 (SRAD_BLOCK, SRAD_BLOCK))
      (s->d_j, s->d_n, s->d_s, s->d_w, s->d_e, s->d_c, s->cols, s->rows,
       s->lambda);
    }
}

/* The same iterations, pixel by pixel, on J.  */
static void
reference (const struct srad *s, float *j)
{
  int rows = s->rows, cols = s->cols;
  size_t pixels = (size_t) rows * cols;
  float *dn = (float *) host_alloc (4 * pixels * sizeof *dn);
  float *ds = dn + pixels, *dw = ds + pixels, *de = dw + pixels;
  float *c = (float *) host_alloc (pixels * sizeof *c);

  for (int iter = 0; iter < s->iterations; iter++)
    {
      double sum = 0, sum2 = 0;
      int roi = (s->r2 - s->r1 + 1) * (s->c2 - s->c1 + 1);
      for (int r = s->r1; r <= s->r2; r++)
        for (int k = s->c1; k <= s->c2; k++)
          {
            double v = j[r * cols + k];
            sum += v;
            sum2 += v * v;
          }
      double mean = sum / roi, var = sum2 / roi - mean * mean;
      float q0sqr = (float) (var / (mean * mean));
      for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++)
          {
            int i = r * cols + k;
            float jc = j[i];
            float n = j[rodinia_max (r - 1, 0) * cols + k] - jc;
            float so = j[rodinia_min (r + 1, rows - 1) * cols + k] - jc;
            float w = j[r * cols + rodinia_max (k - 1, 0)] - jc;
            float e = j[r * cols + rodinia_min (k + 1, cols - 1)] - jc;
            float g2 = (n * n + so * so + w * w + e * e) / (jc * jc);
            float l = (n + so + w + e) / jc;
            float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
            float den = 1.0f + 0.25f * l;
            float qsqr = num / (den * den);
            den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
            float coefficient = 1.0f / (1.0f + den);
            dn[i] = n;
            ds[i] = so;
            dw[i] = w;
            de[i] = e;
            c[i] = fminf (fmaxf (coefficient, 0.0f), 1.0f);
          }
      for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++)
          {
            int i = r * cols + k;
            float cs = c[rodinia_min (r + 1, rows - 1) * cols + k];
            float ce = c[r * cols + rodinia_min (k + 1, cols - 1)];
            float d = c[i] * dn[i] + cs * ds[i] + c[i] * dw[i] + ce * de[i];
            j[i] += 0.25f * s->lambda * d;
          }
    }
  free (dn);
  free (c);
}

int
main (int argc, char **argv)
{
  struct srad s;
  s.rows = int_argument (argc, argv, 1, 2048, 1, usage);
  s.cols = int_argument (argc, argv, 2, 2048, 1, usage);
  s.r1 = int_argument (argc, argv, 3, 0, 0, usage);
  s.r2 = int_argument (argc, argv, 4, 127, 0, usage);
  s.c1 = int_argument (argc, argv, 5, 0, 0, usage);
  s.c2 = int_argument (argc, argv, 6, 127, 0, usage);
  s.lambda = float_argument (argc, argv, 7, 0.5f, usage);
  s.iterations = int_argument (argc, argv, 8, 10, 1, usage);
  if (s.r1 > s.r2 || s.r2 >= s.rows || s.c1 > s.c2 || s.c2 >= s.cols)
    {
      fprintf (stderr,
               "srad: the region %d-%d x %d-%d is not in the "
               "image of %d x %d\n",
               s.r1, s.r2, s.c1, s.c2, s.rows, s.cols);
      return 2;
    }
  int roi_pixels = (s.r2 - s.r1 + 1) * (s.c2 - s.c1 + 1);
  s.reduce_blocks
      = rodinia_min ((roi_pixels + SRAD_REDUCE_BLOCK - 1) / SRAD_REDUCE_BLOCK,
                     MAX_REDUCE_BLOCKS);
  size_t pixels = (size_t) s.rows * s.cols, bytes = pixels * sizeof (float);
  s.image = (float *) host_alloc (bytes);
  for (size_t i = 0; i < pixels; i++)
    s.image[i] = expf (random_float ());
  s.d_image_init = (float *) device_alloc (bytes);
  s.d_j = (float *) device_alloc (bytes);
  s.d_n = (float *) device_alloc (bytes);
  s.d_s = (float *) device_alloc (bytes);
  s.d_w = (float *) device_alloc (bytes);
  s.d_e = (float *) device_alloc (bytes);
  s.d_c = (float *) device_alloc (bytes);
  s.d_q0sqr = (float *) device_alloc (sizeof (float));
  s.d_partial
      = (double *) device_alloc (2 * s.reduce_blocks * sizeof (double));
  to_device (s.d_image_init, s.image, bytes);

  time_runs ("srad", setup, run, &s);

  float *got = (float *) host_alloc (bytes);
  to_host (got, s.d_j, bytes);
  reference (&s, s.image);
  long mismatches = 0;
  double worst = 0;
  for (size_t i = 0; i < pixels; i++)
    {
      double error = fabs ((double) got[i] - s.image[i])
                     / fmax (fabs ((double) s.image[i]), 1.0);
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  device_free (s.d_image_init);
  device_free (s.d_j);
  device_free (s.d_n);
  device_free (s.d_s);
  device_free (s.d_w);
  device_free (s.d_e);
  device_free (s.d_c);
  device_free (s.d_q0sqr);
  device_free (s.d_partial);
  free (got);
  free (s.image);
  return verdict ("srad", mismatches, worst);
}
