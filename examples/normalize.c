/* SPDX-License-Identifier: MIT */
/* Seed 003's exercise: normalize each row of a 32 x 3 array by its mean.
   NumPy's row operations become loops, one row a thread; the array goes
   to the GPU and back as it is, since the parameter gives its extent.  */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
normalize (int rows, int cols, float x[rows][cols])
{
  long i = cuda_grid_x ();
  if (i >= rows)
    return;
  float mean = 0;
  for (int j = 0; j < cols; j++)
    mean += x[i][j];
  mean /= cols;
  for (int j = 0; j < cols; j++)
    x[i][j] /= mean;
}

int
main (void)
{
  enum
  {
    rows = 32,
    cols = 3
  };
  float x[rows][cols], expected[rows][cols];
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      x[i][j] = i * cols + j;
  for (int i = 0; i < rows; i++)
    {
      float mean = 0;
      for (int j = 0; j < cols; j++)
        mean += x[i][j];
      mean /= cols;
      for (int j = 0; j < cols; j++)
        expected[i][j] = x[i][j] / mean;
    }
  cuda_launch (normalize, 1, 32) (rows, cols, x);
  int mismatches = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      mismatches += x[i][j] != expected[i][j];
  printf ("row 1: %g %g %g\n", x[1][0], x[1][1], x[1][2]);
  printf ("normalize: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
