/* SPDX-License-Identifier: MIT */
/* The first numbers of the xoroshiro128+ generator for N states and a
   seed, printed exactly (%a), for testsuite/gpu/random-vs-numba.py to
   compare with Numba's: random-numbers N SEED DRAWS.  */

#include <cudajit.h>
#include <cudajit-random.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
draw (long n, int draws, cuda_xoroshiro128p_state_t *states, float *u32,
      double *u64, float *n32, double *n64)
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  for (int k = 0; k < draws; k++)
    u32[i * draws + k] = cuda_xoroshiro128p_uniform_float32 (states, i);
  for (int k = 0; k < draws; k++)
    u64[i * draws + k] = cuda_xoroshiro128p_uniform_float64 (states, i);
  for (int k = 0; k < draws; k++)
    n32[i * draws + k] = cuda_xoroshiro128p_normal_float32 (states, i);
  for (int k = 0; k < draws; k++)
    n64[i * draws + k] = cuda_xoroshiro128p_normal_float64 (states, i);
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    {
      fprintf (stderr, "usage: %s N SEED DRAWS\n", argv[0]);
      return 2;
    }
  long n = atol (argv[1]);
  unsigned long long seed = strtoull (argv[2], NULL, 0);
  int draws = atoi (argv[3]);
  size_t count = (size_t) n * draws;
  cuda_xoroshiro128p_state_t *states
      = cuda_create_xoroshiro128p_states (n, seed);
  float *u32 = cuda_device_array (count * sizeof *u32);
  double *u64 = cuda_device_array (count * sizeof *u64);
  float *n32 = cuda_device_array (count * sizeof *n32);
  double *n64 = cuda_device_array (count * sizeof *n64);
  cuda_launch (draw, (n + 127) / 128, 128) (n, draws, states, u32, u64, n32,
                                            n64);
  float *hu32 = malloc (count * sizeof *hu32);
  double *hu64 = malloc (count * sizeof *hu64);
  float *hn32 = malloc (count * sizeof *hn32);
  double *hn64 = malloc (count * sizeof *hn64);
  cuda_copy_to_host (hu32, u32, count * sizeof *hu32);
  cuda_copy_to_host (hu64, u64, count * sizeof *hu64);
  cuda_copy_to_host (hn32, n32, count * sizeof *hn32);
  cuda_copy_to_host (hn64, n64, count * sizeof *hn64);
  for (size_t i = 0; i < count; i++)
    printf ("%a %a %a %a\n", hu32[i], hu64[i], hn32[i], hn64[i]);
  return 0;
}
