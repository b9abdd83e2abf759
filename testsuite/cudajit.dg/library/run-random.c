/* The xoroshiro128+ generator of cudajit-random.h against a reference
   written here from the published algorithms (splitmix64 seeding, the
   xoroshiro128+ step and its jump polynomial, as Numba uses them): the
   states, the uniform numbers bit for bit, the normal ones to float
   precision; subsequences; a statistical sanity check; n = 0 and 1.  */
/* { dg-do run } */

#include <cudajit.h>
#include <cudajit-random.h>
#include <math.h>
#include <stdio.h>

typedef unsigned long long u64;

static u64
ref_splitmix (u64 x)
{
  u64 z = x + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static u64
ref_rotl (u64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static u64
ref_next (u64 s[2])
{
  u64 s0 = s[0], s1 = s[1], result = s0 + s1;
  s1 ^= s0;
  s[0] = ref_rotl (s0, 55) ^ s1 ^ (s1 << 14);
  s[1] = ref_rotl (s1, 36);
  return result;
}

static void
ref_jump (u64 s[2])
{
  static const u64 poly[] = { 0xBEAC0467EBA5FACBULL, 0xD86B048B86AA9922ULL };
  u64 t0 = 0, t1 = 0;
  for (int i = 0; i < 2; i++)
    for (int b = 0; b < 64; b++)
      {
        if (poly[i] & (1ULL << b))
          {
            t0 ^= s[0];
            t1 ^= s[1];
          }
        ref_next (s);
      }
  s[0] = t0;
  s[1] = t1;
}

enum { THREADS = 300, DRAWS = 8 };

__attribute__((cuda_jit)) void
draw (long n, cuda_xoroshiro128p_state_t *states, float u32[n][DRAWS],
      double u64v[n][DRAWS], float n32[n][DRAWS], double n64[n][DRAWS])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  for (int k = 0; k < DRAWS; k++)
    {
      u32[i][k] = cuda_xoroshiro128p_uniform_float32 (states, i);
      u64v[i][k] = cuda_xoroshiro128p_uniform_float64 (states, i);
      n32[i][k] = cuda_xoroshiro128p_normal_float32 (states, i);
      n64[i][k] = cuda_xoroshiro128p_normal_float64 (states, i);
    }
}

enum { STAT_THREADS = 4096, STAT_DRAWS = 256 };

__attribute__((cuda_jit)) void
moments (long n, cuda_xoroshiro128p_state_t *states, double sums[n][4])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  double su = 0, suu = 0, sn = 0, snn = 0;
  for (int k = 0; k < STAT_DRAWS; k++)
    {
      double u = cuda_xoroshiro128p_uniform_float64 (states, i);
      double z = cuda_xoroshiro128p_normal_float64 (states, i);
      su += u;
      suu += u * u;
      sn += z;
      snn += z * z;
    }
  sums[i][0] = su;
  sums[i][1] = suu;
  sums[i][2] = sn;
  sums[i][3] = snn;
}

static float u32[THREADS][DRAWS], n32[THREADS][DRAWS];
static double u64v[THREADS][DRAWS], n64[THREADS][DRAWS];
static double sums[STAT_THREADS][4];

int
main (void)
{
  int bad = 0;

  /* Splitmix64's published first number for seed 0.  */
  if (ref_splitmix (0) != 0xE220A8397B1DCDAFULL)
    bad |= 1;

  const u64 seed = 12345;
  cuda_xoroshiro128p_state_t *states
      = cuda_create_xoroshiro128p_states (THREADS, seed);
  static cuda_xoroshiro128p_state_t got[THREADS];
  cuda_copy_to_host (got, states, sizeof got);
  u64 ref[THREADS][2];
  ref[0][0] = ref[0][1] = ref_splitmix (seed);
  for (int i = 1; i < THREADS; i++)
    {
      ref[i][0] = ref[i - 1][0];
      ref[i][1] = ref[i - 1][1];
      ref_jump (ref[i]);
    }
  for (int i = 0; i < THREADS; i++)
    if (got[i].s0 != ref[i][0] || got[i].s1 != ref[i][1])
      bad |= 2;

  cuda_launch (draw, (THREADS + 63) / 64, 64) (THREADS, states, u32, u64v,
                                               n32, n64);
  for (int i = 0; i < THREADS; i++)
    for (int k = 0; k < DRAWS; k++)
      {
        float e32 = (float) ((ref_next (ref[i]) >> 11) * 0x1p-53);
        double e64 = (ref_next (ref[i]) >> 11) * 0x1p-53;
        float a = (float) ((ref_next (ref[i]) >> 11) * 0x1p-53);
        float b = (float) ((ref_next (ref[i]) >> 11) * 0x1p-53);
        float z32 = sqrtf (-2.0f * logf (a))
                    * cosf ((float) 6.283185307179586 * b);
        float c = (float) ((ref_next (ref[i]) >> 11) * 0x1p-53);
        float d = (float) ((ref_next (ref[i]) >> 11) * 0x1p-53);
        double z64 = sqrt (-2.0 * logf (c)) * cos (6.283185307179586 * d);
        if (u32[i][k] != e32 || u64v[i][k] != e64)
          bad |= 4;
        if (fabsf (n32[i][k] - z32) > 1e-5f * (1 + fabsf (z32))
            || fabs (n64[i][k] - z64) > 1e-6 * (1 + fabs (z64)))
          bad |= 8;
      }
  cuda_free (states);

  /* Subsequence K starts where state K of subsequence 0 does.  */
  cuda_xoroshiro128p_state_t *later
      = cuda_create_xoroshiro128p_states (2, seed, .subsequence_start = 3);
  cuda_xoroshiro128p_state_t later_host[2];
  cuda_copy_to_host (later_host, later, sizeof later_host);
  cuda_free (later);
  u64 three[2] = { ref_splitmix (seed), ref_splitmix (seed) };
  for (int j = 0; j < 3; j++)
    ref_jump (three);
  if (later_host[0].s0 != three[0] || later_host[0].s1 != three[1])
    bad |= 16;

  cuda_xoroshiro128p_state_t *many
      = cuda_create_xoroshiro128p_states (STAT_THREADS, 7);
  cuda_launch (moments, STAT_THREADS / 128, 128) (STAT_THREADS, many, sums);
  cuda_free (many);
  double su = 0, suu = 0, sn = 0, snn = 0, count = 0;
  for (int i = 0; i < STAT_THREADS; i++)
    {
      su += sums[i][0];
      suu += sums[i][1];
      sn += sums[i][2];
      snn += sums[i][3];
      count += STAT_DRAWS;
    }
  double mean_u = su / count, var_u = suu / count - mean_u * mean_u;
  double mean_n = sn / count, var_n = snn / count - mean_n * mean_n;
  if (fabs (mean_u - 0.5) > 0.005 || fabs (var_u - 1.0 / 12) > 0.005
      || fabs (mean_n) > 0.01 || fabs (var_n - 1) > 0.02)
    bad |= 32;

  if (cuda_create_xoroshiro128p_states (0, seed) != NULL)
    bad |= 64;
  cuda_xoroshiro128p_state_t *one = cuda_create_xoroshiro128p_states (1, 1);
  cuda_xoroshiro128p_state_t one_host;
  cuda_copy_to_host (&one_host, one, sizeof one_host);
  cuda_free (one);
  if (one_host.s0 != ref_splitmix (1) || one_host.s1 != ref_splitmix (1))
    bad |= 128;

  printf ("uniform %g %.17g normal %g %.17g; moments %g %g %g %g; bad %d\n",
          u32[0][0], u64v[0][0], n32[0][0], n64[0][0], mean_u, var_u, mean_n,
          var_n, bad);
  return bad;
}
/* { dg-cudajit-levels all } */
