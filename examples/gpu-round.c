/* SPDX-License-Identifier: MIT */
/* Seed 003's gpu_round: round to a number of decimals with a device
   function rint (round half to even), over the array with cuda_forall,
   which picks the block size by occupancy.  */

#include "notebook.h"
#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The seed's rint: round to the nearest integer, ties to even; the
   nearest integer as a double.  <math.h> has a rint already.  */
static double
round_half_even (double x)
{
  double y = floor (x);
  double r = x - y;
  if (r > 0.5)
    y += 1.0;
  if (r == 0.5)
    {
      r = y - 2.0 * floor (0.5 * y);
      if (r == 1.0)
        y += 1.0;
    }
  return y;
}

__attribute__ ((cuda_jit)) void
gpu_round (long n, const double in_col[n], double out_col[n], int decimal)
{
  long i = cuda_grid_x ();
  double f = pow (10, decimal);
  if (i < n)
    out_col[i] = round_half_even (in_col[i] * f) / f;
}

int
main (void)
{
  enum
  {
    n = 10
  };
  double in_data[n], out_data[n];
  srand (3);
  for (int i = 0; i < n; i++)
    in_data[i] = (double) rand () / RAND_MAX;
  in_data[0] = 0.0125;
  cuda_forall (gpu_round, n) (n, in_data, out_data, 3);
  numpy_print_floats (in_data, n, 0, NULL);
  numpy_print_floats (out_data, n, 0, NULL);
  int mismatches = 0;
  for (int i = 0; i < n; i++)
    mismatches += out_data[i] != round_half_even (in_data[i] * 1000) / 1000;
  printf ("gpu-round: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
