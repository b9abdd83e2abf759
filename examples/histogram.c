/* SPDX-License-Identifier: MIT */
/* Seed 002's histogram: a grid-stride loop over a million normally
   distributed values, each counted into its bin in global memory with
   cuda_atomic_add (Numba: cuda.atomic.add (histogram_out, bin_number, 1)).
   Checked against the same histogram counted by a plain C loop.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
histogram (const float *x, long n, float xmin, float xmax, int *histogram_out,
           int nbins)
{
  float bin_width = (xmax - xmin) / nbins;
  long start = cuda_grid_x ();
  long stride = cuda_gridsize_x ();
  for (long i = start; i < n; i += stride)
    {
      int bin_number = (x[i] - xmin) / bin_width;
      if (x[i] >= xmin && bin_number < nbins)
        cuda_atomic_add (&histogram_out[bin_number], 1);
    }
}

/* Roughly normal: the sum of 12 uniform values in [0, 1), less 6.  */
static float
normal (unsigned long long *state)
{
  float sum = 0;
  for (int k = 0; k < 12; k++)
    {
      *state = *state * 6364136223846793005ull + 1442695040888963407ull;
      sum += (*state >> 40) / (float) (1 << 24);
    }
  return sum - 6;
}

int
main (void)
{
  enum
  {
    nbins = 10
  };
  long n = 1000000;
  float xmin = -4, xmax = 4;
  float *x = malloc (n * sizeof *x);
  if (!x)
    return 1;
  unsigned long long state = 2018;
  for (long i = 0; i < n; i++)
    x[i] = normal (&state);

  int expected[nbins] = { 0 }, histogram_out[nbins] = { 0 };
  float bin_width = (xmax - xmin) / nbins;
  for (long i = 0; i < n; i++)
    {
      int bin_number = (x[i] - xmin) / bin_width;
      if (x[i] >= xmin && bin_number < nbins)
        expected[bin_number]++;
    }

  float *dev_x = cuda_to_device (x, n * sizeof *x);
  int *dev_histogram = cuda_to_device (histogram_out, sizeof histogram_out);
  cuda_launch (histogram, 64, 64) (dev_x, n, xmin, xmax, dev_histogram, nbins);
  cuda_copy_to_host (histogram_out, dev_histogram, sizeof histogram_out);
  cuda_free (dev_x);
  cuda_free (dev_histogram);
  free (x);

  long count = 0;
  int mismatches = 0;
  printf ("input count: %ld\nbins:", n);
  for (int b = 0; b < nbins; b++)
    {
      printf (" %d", histogram_out[b]);
      count += histogram_out[b];
      mismatches += histogram_out[b] != expected[b];
    }
  printf ("\ncount: %ld\n", count);
  printf ("histogram: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
