/* SPDX-License-Identifier: MIT */
/* The states of the xoroshiro128+ generator (cudajit-random.h), made on
   the host as Numba makes them and copied to the device.  */

#include "internal.h"
#include "cudajit-random.h"

#include <stdint.h>
#include <stdlib.h>

/* Splitmix64's first number from SEED, which both halves of the first
   state take, as in Numba.  */
static unsigned long long
splitmix64 (unsigned long long seed)
{
  unsigned long long z = seed + 0x9E3779B97F4A7C15ULL;

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Advance STATE by 2^64 steps.  */
static void
jump (cuda_xoroshiro128p_state_t *state)
{
  static const unsigned long long polynomial[]
      = { 0xBEAC0467EBA5FACBULL, 0xD86B048B86AA9922ULL };
  cuda_xoroshiro128p_state_t jumped = { 0, 0 };

  for (int i = 0; i < 2; i++)
    for (int bit = 0; bit < 64; bit++)
      {
        if (polynomial[i] >> bit & 1)
          {
            jumped.s0 ^= state->s0;
            jumped.s1 ^= state->s1;
          }
        cudajit_xoroshiro128p_next (state, 0);
      }
  *state = jumped;
}

cuda_xoroshiro128p_state_t *
cudajit_create_xoroshiro128p_states (
    long n, unsigned long long seed,
    struct cudajit_xoroshiro128p_options options, const char *file, int line)
{
  struct cudajit_site site = { NULL, file, line };
  cuda_xoroshiro128p_state_t *states, *device;

  if (n < 0)
    {
      cudajit_error (&site,
                     "cuda_create_xoroshiro128p_states: the number of states, "
                     "%ld, is negative",
                     n);
      return NULL;
    }
  if ((unsigned long) n > SIZE_MAX / sizeof *states)
    {
      cudajit_error (&site,
                     "cuda_create_xoroshiro128p_states: %ld states of %zu "
                     "bytes are more bytes than size_t holds",
                     n, sizeof *states);
      return NULL;
    }
  if (n == 0)
    return NULL;
  /* Not cudajit_xrealloc, which ends the program whatever CUDAJIT_ERRORS
     says, without the call's line.  */
  states = malloc (n * sizeof *states);
  if (!states)
    {
      cudajit_error (&site,
                     "cuda_create_xoroshiro128p_states: out of host memory "
                     "allocating %zu bytes for %ld states",
                     n * sizeof *states, n);
      return NULL;
    }
  states[0].s0 = states[0].s1 = splitmix64 (seed);
  for (unsigned long long i = 0; i < options.subsequence_start; i++)
    jump (&states[0]);
  for (long i = 1; i < n; i++)
    {
      states[i] = states[i - 1];
      jump (&states[i]);
    }
  device = cuda_to_device (states, n * sizeof *states);
  free (states);
  return device;
}
