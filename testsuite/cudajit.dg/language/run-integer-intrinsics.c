/* CUDA's integer intrinsics in a kernel, against the same arithmetic
   written out in plain C on the host, bit for bit; and its clocks, which
   do not run backwards across a pause.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

/* Each intrinsic of the values U, V, W (unsigned int) and UL, VL
   (unsigned long long) of a thread, as the kernel's expression and the
   host's.  */
#define FUNCTIONS(F)                                                          \
  F (cuda_mulhi ((int) u, (int) v), (long long) (int) u * (int) v >> 32)      \
  F (cuda_umulhi (u, v), (unsigned long long) u * v >> 32)                    \
  F (cuda_mul64hi ((long long) ul, (long long) vl),                           \
     (long long) ((__int128) (long long) ul * (long long) vl >> 64))          \
  F (cuda_umul64hi (ul, vl), (unsigned __int128) ul * vl >> 64)               \
  F (cuda_mul24 ((int) u, (int) v),                                           \
     (int) ((long long) ((int) (u << 8) >> 8) * ((int) (v << 8) >> 8)))      \
  F (cuda_umul24 (u, v), (u % 0x1000000) * (v % 0x1000000))                   \
  F (cuda_sad ((int) u, (int) v, w),                                          \
     (unsigned int) llabs ((long long) (int) u - (int) v) + w)                \
  F (cuda_usad (u, v, w), (unsigned int) llabs ((long long) u - v) + w)       \
  F (cuda_byte_perm (u, v, w & 0x77777777), byte_perm (u, v, w & 0x77777777)) \
  F (cuda_byte_perm (u, v, w), byte_perm (u, v, w))                           \
  F (cuda_brev (u), reverse (u, 32))                                          \
  F (cuda_brevll (ul), reverse (ul, 64))

#define KERNEL_RESULT(got, want) (unsigned long long) (got),
#define HOST_RESULT(got, want) (unsigned long long) (want),
#define COUNT(got, want) +1

enum
{
  NFUNCTIONS = 0 FUNCTIONS (COUNT),
  N = 1000,
  PAUSE_NS = 2000
};

/* The value of thread I: small, large, negative as an int, and mixed.  */
#define VALUES(i)                                                             \
  unsigned int u = (i) * 2654435761u, v = ((i) ^ 0x5bd1e995u) * 40503u,      \
               w = (i) * 0x9e3779b9u;                                         \
  unsigned long long ul = (unsigned long long) u << 32 | v,                   \
                     vl = (unsigned long long) w * 0x100000001b3ull + (i)

__attribute__ ((cuda_jit)) void
kernel (long n, unsigned long long out[n][NFUNCTIONS], long long times[n][3])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  VALUES (i);
  unsigned long long results[] = { FUNCTIONS (KERNEL_RESULT) };
  for (int k = 0; k < NFUNCTIONS; k++)
    out[i][k] = results[k];

  unsigned long long t0 = cuda_globaltimer ();
  long long c0 = cuda_clock64 ();
  cuda_nanosleep (PAUSE_NS);
  long long c1 = cuda_clock64 ();
  unsigned long long t1 = cuda_globaltimer ();
  times[i][0] = c1 - c0;
  times[i][1] = t1 - t0;
  /* Named as CUDA's function that cuda_clock calls, which it must not
     hide.  */
  long clock = cuda_clock ();
  times[i][2] = clock == (unsigned int) clock;
}

/* The bytes of {Y, X}, byte N of the result the one that the low 3 bits
   of nibble N of SELECTOR name: CUDA ignores the others.  */
static unsigned int
byte_perm (unsigned int x, unsigned int y, unsigned int selector)
{
  unsigned char bytes[8], result[4];
  for (int k = 0; k < 4; k++)
    {
      bytes[k] = x >> 8 * k;
      bytes[k + 4] = y >> 8 * k;
    }
  for (int k = 0; k < 4; k++)
    result[k] = bytes[selector >> 4 * k & 7];
  return result[0] | result[1] << 8 | result[2] << 16
         | (unsigned int) result[3] << 24;
}

/* The BITS low bits of X, last first.  */
static unsigned long long
reverse (unsigned long long x, int bits)
{
  unsigned long long r = 0;
  for (int k = 0; k < bits; k++)
    if (x & 1ull << k)
      r |= 1ull << (bits - 1 - k);
  return r;
}

int
main (void)
{
  static unsigned long long out[N][NFUNCTIONS];
  static long long times[N][3];
  int errors = 0;

  cuda_launch (kernel, (N + 127) / 128, 128) (N, out, times);
  for (long i = 0; i < N; i++)
    {
      VALUES (i);
      unsigned long long want[] = { FUNCTIONS (HOST_RESULT) };
      for (int k = 0; k < NFUNCTIONS; k++)
        if (out[i][k] != want[k] && errors++ < 10)
          printf ("function %d of thread %ld: %#llx, not %#llx\n", k, i,
                  out[i][k], want[k]);
      if ((times[i][0] < 0 || times[i][1] < 0 || times[i][1] > 1000000000
           || !times[i][2])
          && errors++ < 10)
        printf ("thread %ld: clock64 %lld, globaltimer %lld, clock %lld\n", i,
                times[i][0], times[i][1], times[i][2]);
    }
  printf ("integer intrinsics: %d functions, %d errors\n", NFUNCTIONS,
          errors);
  return errors != 0;
}

/* { dg-output "integer intrinsics: 12 functions, 0 errors" } */
/* { dg-cudajit-levels all } */
