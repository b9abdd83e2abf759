/* SPDX-License-Identifier: MIT */
/* Random numbers in kernels: the xoroshiro128+ generator of Blackman and
   Vigna, seeded by splitmix64, the C twin of numba.cuda.random, whose
   streams it gives bit for bit for the same number of states and seed.

   cuda_create_xoroshiro128p_states (n, seed [, .subsequence_start = k])
   returns N states in device memory, state 0 seeded from SEED and
   advanced by K * 2^64 steps, each next one 2^64 steps ahead of the one
   before, so that the threads that each use one draw independent
   streams; free them with cuda_free.  In a kernel,
   cuda_xoroshiro128p_uniform_float32 (states, i) and _float64 return a
   number in [0, 1), and cuda_xoroshiro128p_normal_float32 and _float64
   one of the standard normal distribution, advancing state I.

   The functions that kernels call are the static functions below, which
   the plugin translates as it does any device function; on the CPU
   backend the same C runs, so the uniform numbers are the GPU's too, and
   the normal ones differ at most in their last bits, from the host's
   logf and cosf.  */

#ifndef CUDAJIT_RANDOM_H
#define CUDAJIT_RANDOM_H

#include <cudajit.h>
#include <math.h>

/* As cudajit.h: faults in the uses of its macro reported on the user's
   line alone, and long long and a variadic macro, which GCC accepts as
   extensions in C++98, without a word from -pedantic (the preprocessor's
   warning heeds only the first).  */
#pragma GCC system_header
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
#pragma GCC diagnostic ignored "-Wvariadic-macros"

#ifdef __cplusplus
extern "C"
{
#endif

  /* Numba's xoroshiro128p_dtype.  */
  typedef struct cuda_xoroshiro128p_state
  {
    unsigned long long s0, s1;
  } cuda_xoroshiro128p_state_t;

  /* The optional arguments of cuda_create_xoroshiro128p_states.  */
  struct cudajit_xoroshiro128p_options
  {
    int unused;
    unsigned long long subsequence_start;
  };

#define cuda_create_xoroshiro128p_states(n, seed, ...)                        \
  cudajit_create_xoroshiro128p_states (                                       \
      (n), (seed),                                                            \
      (__extension__(struct cudajit_xoroshiro128p_options){ 0,                \
                                                            __VA_ARGS__ }),   \
      __FILE__, __LINE__)

  cuda_xoroshiro128p_state_t *
  cudajit_create_xoroshiro128p_states (long n, unsigned long long seed,
                                       struct cudajit_xoroshiro128p_options,
                                       const char *file, int line);

  /* The next 64 bits of state INDEX, which it advances.  */
  static __inline__ unsigned long long
  cudajit_xoroshiro128p_next (cuda_xoroshiro128p_state_t *states, long index)
  {
    unsigned long long s0 = states[index].s0, s1 = states[index].s1;
    unsigned long long result = s0 + s1;

    s1 ^= s0;
    states[index].s0 = ((s0 << 55) | (s0 >> 9)) ^ s1 ^ (s1 << 14);
    states[index].s1 = (s1 << 36) | (s1 >> 28);
    return result;
  }

  /* 53 random bits, as a double in [0, 1).  */
  static __inline__ double
  cuda_xoroshiro128p_uniform_float64 (cuda_xoroshiro128p_state_t *states,
                                      long index)
  {
    return (cudajit_xoroshiro128p_next (states, index) >> 11)
           * (1.0 / 9007199254740992.0);
  }

  /* Numba's float32 is its float64 rounded, which may round up to 1.  */
  static __inline__ float
  cuda_xoroshiro128p_uniform_float32 (cuda_xoroshiro128p_state_t *states,
                                      long index)
  {
    return (float) cuda_xoroshiro128p_uniform_float64 (states, index);
  }

/* 2 pi, the double nearest to it, which is Numba's TWO_PI_FLOAT64; its
   TWO_PI_FLOAT32 is this rounded to float.  */
#define CUDAJIT_TWO_PI 6.283185307179586476925286766559

  /* Box-Muller, keeping the first of the two numbers, in float; Numba's
     float64 one draws its two uniform numbers as float32 too.  */
  static __inline__ float
  cuda_xoroshiro128p_normal_float32 (cuda_xoroshiro128p_state_t *states,
                                     long index)
  {
    float u1 = cuda_xoroshiro128p_uniform_float32 (states, index);
    float u2 = cuda_xoroshiro128p_uniform_float32 (states, index);

    return sqrtf (-2.0f * logf (u1)) * cosf ((float) CUDAJIT_TWO_PI * u2);
  }

  static __inline__ double
  cuda_xoroshiro128p_normal_float64 (cuda_xoroshiro128p_state_t *states,
                                     long index)
  {
    float u1 = cuda_xoroshiro128p_uniform_float32 (states, index);
    float u2 = cuda_xoroshiro128p_uniform_float32 (states, index);

    return sqrt (-2.0 * logf (u1)) * cos (CUDAJIT_TWO_PI * u2);
  }

#ifdef __cplusplus
}
#endif

#pragma GCC diagnostic pop

#endif /* cudajit-random.h */
