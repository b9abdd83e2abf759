/* SPDX-License-Identifier: MIT */
/* What a float4 streaming kernel gains: an array of N floats copied by a
   kernel that moves one float a thread, against one that moves a
   cuda_float4 (16 bytes, one load and one store) a thread.

     bench/vector-copy [N]

   prints the GB/s of each (bytes read and written, per second), the
   best of ROUNDS rounds, and checks that both copies are exact.  On the
   H100 the float4 copy should reach the copy rate of the memory.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
  DEFAULT_N = 1 << 26,
  FLOATS_PER_VECTOR = 4,
  BLOCK = 256,
  ROUNDS = 10
};

__attribute__ ((cuda_jit)) void
copy_scalar (long n, const float *in, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i];
}

__attribute__ ((cuda_jit)) void
copy_float4 (long n, const cuda_float4 *in, cuda_float4 *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i];
}

static double
now_s (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static unsigned int
blocks_for (long threads)
{
  return (unsigned int) ((threads + BLOCK - 1) / BLOCK);
}

/* The best GB/s of ROUNDS copies of N floats from IN to OUT, as
   FLOAT4 vectors or floats; the first launch, which compiles, is not
   timed.  */
static double
best_rate (int float4, long n, float *in, float *out)
{
  long vectors = n / FLOATS_PER_VECTOR;
  double best = 1e300;

  for (int r = -1; r < ROUNDS; r++)
    {
      double t = now_s ();
      if (float4)
        cuda_launch (copy_float4, blocks_for (vectors), BLOCK) (
            vectors, (const cuda_float4 *) in, (cuda_float4 *) out);
      else
        cuda_launch (copy_scalar, blocks_for (n), BLOCK) (n, in, out);
      cuda_synchronize ();
      t = now_s () - t;
      if (r >= 0 && t < best)
        best = t;
    }
  return 2.0 * n * sizeof (float) / best / 1e9;
}

/* Whether OUT, on the device, holds the N floats of HOST.  */
static int
copied (const float *host, float *out, long n, float *back)
{
  cuda_copy_to_host (back, out, n * sizeof (float));
  int same = memcmp (host, back, n * sizeof (float)) == 0;
  cuda_copy_to_device (out, (float[]){ 0 }, sizeof (float));
  return same;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : DEFAULT_N;

  if (n < FLOATS_PER_VECTOR || n % FLOATS_PER_VECTOR)
    {
      fprintf (stderr, "usage: vector-copy [N (a multiple of %d)]\n",
               FLOATS_PER_VECTOR);
      return 2;
    }
  float *host = malloc (n * sizeof (float));
  float *back = malloc (n * sizeof (float));
  for (long i = 0; i < n; i++)
    host[i] = (float) (i % 1000003);
  float *in = cuda_to_device (host, n * sizeof (float));
  float *out = cuda_device_array (n * sizeof (float));

  double scalar = best_rate (0, n, in, out);
  int scalar_ok = copied (host, out, n, back);
  double vector = best_rate (1, n, in, out);
  int vector_ok = copied (host, out, n, back);

  printf ("vector-copy: %ld floats (%.0f MB), on %s, best of %d\n", n,
          n * sizeof (float) / 1e6,
          cuda_is_available () ? "the GPU" : "the CPU backend", ROUNDS);
  printf ("  float        %8.1f GB/s%s\n", scalar,
          scalar_ok ? "" : " (WRONG)");
  printf ("  cuda_float4  %8.1f GB/s%s\n", vector,
          vector_ok ? "" : " (WRONG)");
  printf ("  float4 / float %6.2f\n", vector / scalar);

  cuda_free (in);
  cuda_free (out);
  free (host);
  free (back);
  return scalar_ok && vector_ok ? 0 : 1;
}
