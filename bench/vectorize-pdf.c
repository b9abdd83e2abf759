/* SPDX-License-Identifier: MIT */
/* cuda_vectorize against the hand-written kernel that does the same: the
   gaussian pdf of seed 002 on 64 M floats in device memory, each timed by
   events, best of REPEATS, the two alternating.  The ratio is the hand
   kernel's time over cuda_vectorize's: 1 or more is as fast.  Run beside
   bench/vectorize-pdf-numba.py for Numba's @vectorize.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  BLOCK = 256,
  REPEATS = 20
};

static const float SQRT_2PI = 2.5066282746310002f;

static float
gaussian_pdf (float x, float mean, float sigma)
{
  float z = (x - mean) / sigma;
  return expf (-0.5f * z * z) / (sigma * SQRT_2PI);
}

__attribute__ ((cuda_jit)) void
gaussian_pdf_kernel (long n, const float *x, float *out, float mean,
                     float sigma)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = gaussian_pdf (x[i], mean, sigma);
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 64L << 20;
  float *host = malloc (n * sizeof *host);
  for (long i = 0; i < n; i++)
    host[i] = (i % 6001) / 1000.0f - 3;
  float *x = cuda_to_device (host, n * sizeof *host);
  float *out = cuda_device_array (n * sizeof *out);
  cuda_event_t start = cuda_event (), stop = cuda_event ();
  float best_hand = INFINITY, best_vectorize = INFINITY;

  /* The first of each is the warm-up, with the JIT.  */
  for (int r = 0; r <= REPEATS; r++)
    {
      cuda_event_record (start, 0);
      cuda_launch (gaussian_pdf_kernel, (n + BLOCK - 1) / BLOCK,
                   BLOCK) (n, x, out, 0.0f, 1.0f);
      cuda_event_record (stop, 0);
      cuda_event_synchronize (stop);
      if (r > 0 && cuda_event_elapsed_ms (start, stop) < best_hand)
        best_hand = cuda_event_elapsed_ms (start, stop);

      cuda_event_record (start, 0);
      cuda_vectorize (gaussian_pdf, n) (out, x, 0.0f, 1.0f);
      cuda_event_record (stop, 0);
      cuda_event_synchronize (stop);
      if (r > 0 && cuda_event_elapsed_ms (start, stop) < best_vectorize)
        best_vectorize = cuda_event_elapsed_ms (start, stop);
    }
  cuda_copy_to_host (host, out, n * sizeof *host);
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    {
      float xi = (i % 6001) / 1000.0f - 3;
      mismatches += host[i] != gaussian_pdf (xi, 0, 1)
                    && fabsf (host[i] - gaussian_pdf (xi, 0, 1)) > 1e-6f;
    }
  printf ("vectorize-pdf: %ld floats: hand-written kernel %.3f ms, "
          "cuda_vectorize %.3f ms, ratio %.3f%s\n",
          n, best_hand, best_vectorize, best_hand / best_vectorize,
          mismatches ? " (WRONG RESULTS)" : "");
  cuda_free (x);
  cuda_free (out);
  free (host);
  return mismatches != 0;
}
