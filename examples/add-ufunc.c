/* SPDX-License-Identifier: MIT */
/* Seed 002's add ufuncs, @vectorize (['int64(int64, int64)']) and
   @vectorize (['float32(float32, float32)']): cuda_vectorize applies a
   scalar add to whole arrays, the second kept on the GPU between calls as
   the seed advises.  */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>

static int64_t
add_int64 (int64_t x, int64_t y)
{
  return x + y;
}

static float
add_float32 (float x, float y)
{
  return x + y;
}

int
main (void)
{
  int64_t a[4] = { 1, 2, 3, 4 }, b[4] = { 10, 20, 30, 40 }, c[4];
  cuda_vectorize (add_int64, 4) (c, a, b);
  printf ("[%lld %lld %lld %lld]\n", (long long) c[0], (long long) c[1],
          (long long) c[2], (long long) c[3]);
  long mismatches = 0;
  for (int i = 0; i < 4; i++)
    mismatches += c[i] != a[i] + b[i];

  enum
  {
    n = 100000
  };
  static float x[n], y[n], out[n];
  for (long i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 2 * x[i];
    }
  float *d_x = cuda_to_device (x, sizeof x);
  float *d_y = cuda_to_device (y, sizeof y);
  float *d_out = cuda_device_array (sizeof out);
  /* out = x + y, then out = out + y, all on the GPU.  */
  cuda_vectorize (add_float32, n) (d_out, d_x, d_y);
  cuda_vectorize (add_float32, n) (d_out, d_out, d_y);
  cuda_copy_to_host (out, d_out, sizeof out);
  for (long i = 0; i < n; i++)
    mismatches += out[i] != x[i] + 2 * y[i];
  cuda_free (d_x);
  cuda_free (d_y);
  cuda_free (d_out);
  printf ("add-ufunc: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
