/* SPDX-License-Identifier: MIT */
/* Seed 003's compute_pi: each thread draws points in the unit square from
   its own xoroshiro128+ state and counts those inside the quarter circle;
   the mean of the threads' estimates is pi, within what the draws
   allow.  */

#include <cudajit.h>
#include <cudajit-random.h>
#include <math.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
compute_pi (cuda_xoroshiro128p_state_t *rng_states, int iterations, float *out)
{
  long tid = cuda_grid_x ();
  int inside = 0;
  for (int i = 0; i < iterations; i++)
    {
      float x = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      float y = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      if (x * x + y * y <= 1.0f)
        inside++;
    }
  out[tid] = 4.0f * inside / iterations;
}

int
main (void)
{
  enum
  {
    nthreads = 64,
    nblocks = 24,
    state_size = nblocks * nthreads,
    iterations = 10000
  };
  cuda_xoroshiro128p_state_t *rng_states
      = cuda_create_xoroshiro128p_states (state_size, 1);
  float *out = cuda_device_array (state_size * sizeof (float));
  static float host[state_size];

  cuda_launch (compute_pi, nblocks, nthreads) (rng_states, iterations, out);
  cuda_copy_to_host (host, out, sizeof host);
  double mean = 0;
  for (int i = 0; i < state_size; i++)
    mean += host[i];
  mean /= state_size;
  cuda_free (out);
  cuda_free (rng_states);
  /* 15 million points: the estimate's standard deviation is 4e-4.  */
  int ok = fabs (mean - M_PI) < 0.005;
  printf ("pi: %.8g\n", mean); /* print('pi:', out.mean()) */
  printf ("compute-pi: %s\n", ok ? "ok" : "FAILED");
  return !ok;
}
