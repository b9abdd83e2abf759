/* SPDX-License-Identifier: MIT */
/* compute_pi on the H100 as the issue states it: 262,144 threads, each
   drawing 10,000 pairs of float32 from its own xoroshiro128+ state; the
   kernel's time by events, best of REPEATS after a warm-up.  Run beside
   bench/random-pi-numba.py.  */

#include <cudajit.h>
#include <cudajit-random.h>
#include <math.h>
#include <stdio.h>

enum
{
  THREADS_PER_BLOCK = 256,
  BLOCKS = 1024,
  ITERATIONS = 10000,
  REPEATS = 5
};

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
  const long n = (long) BLOCKS * THREADS_PER_BLOCK;
  cuda_xoroshiro128p_state_t *states = cuda_create_xoroshiro128p_states (n, 1);
  float *out = cuda_device_array (n * sizeof (float));
  cuda_event_t start = cuda_event (), stop = cuda_event ();
  float best = INFINITY;

  for (int r = 0; r <= REPEATS; r++)
    {
      cuda_event_record (start, 0);
      cuda_launch (compute_pi, BLOCKS, THREADS_PER_BLOCK) (states, ITERATIONS,
                                                           out);
      cuda_event_record (stop, 0);
      cuda_event_synchronize (stop);
      /* The first is the warm-up, with the JIT.  */
      if (r > 0 && cuda_event_elapsed_ms (start, stop) < best)
        best = cuda_event_elapsed_ms (start, stop);
    }
  static float host[BLOCKS * THREADS_PER_BLOCK];
  cuda_copy_to_host (host, out, sizeof host);
  double mean = 0;
  for (long i = 0; i < n; i++)
    mean += host[i];
  printf ("random-pi: cudajit compute_pi, %ld threads x %d iterations: "
          "%.3f ms (pi %.5f)\n",
          n, ITERATIONS, best, mean / n);
  return 0;
}
