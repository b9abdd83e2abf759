/* SPDX-License-Identifier: MIT */
/* Seed 004's array reduction: @cuda.reduce takes a one-dimensional array,
   so a 3 x 3 array of random float32 is reduced flat, as C lays it out.  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float
reduce_gpu (float a, float b)
{
  return a + b;
}

int
main (void)
{
  float arr[3][3];
  srand (4);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      arr[i][j] = (float) rand () / RAND_MAX * 2 - 1;

  float reduced = cuda_reduce (reduce_gpu, &arr[0][0], 9);
  float expected = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      expected += arr[i][j];
  int ok = fabsf (reduced - expected) <= 1e-5f;
  printf ("reduce_gpu(arr.flatten()) = %g; reduce-gpu: %s\n", reduced,
          ok ? "ok" : "FAILED");
  return !ok;
}
