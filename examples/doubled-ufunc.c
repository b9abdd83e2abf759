/* SPDX-License-Identifier: MIT */
/* Seed 004's doubled_ufunc, @vectorize ([float32 (float32)]): a 3 x 3
   array of random float32 doubled element by element, the copies to the
   GPU and back done by cuda_vectorize.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

static float
doubled_ufunc (float x)
{
  return x * 2;
}

int
main (void)
{
  float arr[3][3], out[3][3];
  srand (4);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      arr[i][j] = (float) rand () / RAND_MAX * 2 - 1;
  cuda_vectorize (doubled_ufunc, 9) (&out[0][0], &arr[0][0]);
  int mismatches = 0;
  for (int i = 0; i < 3; i++)
    {
      for (int j = 0; j < 3; j++)
        {
          printf (" %9.5f", out[i][j]);
          mismatches += out[i][j] != arr[i][j] * 2;
        }
      putchar ('\n');
    }
  printf ("doubled-ufunc: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
