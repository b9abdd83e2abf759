/* Device functions with warp functions, inlined into the CPU backend's
   block function, whose value is the caller's variable or the parameter
   that they return (block-inline-waits.cc): a declaration set by the
   call (unsigned v = warp_sum (x[i])); an assignment whose other
   arguments read the variable that the call sets, before it changes
   (v = sum_first (x[i], v + 1)); the variable passed to the returned
   parameter (v = sum_first (v, t)) and to another (t = sum_first (v,
   t)); the same variable twice (v = sum_first (v, v)); and the call in a
   branch that whole warps take.  The kernel runs on the loops, not as
   fibers (no warning), at -O0 to -O3; in blocks of 32, 256, 16 x 8 and
   48 threads, every thread's results are compared with plain C that
   runs each warp's lanes in lockstep.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  N = 3 * 256
};

enum
{
  DECLARED,
  OTHER_ARGUMENT,
  RETURNED_ARGUMENT,
  PASSED_ARGUMENT,
  TWICE,
  IN_BRANCH,
  RESULTS
};

/* A warp's sum by shuffles down, in lane 0.  */
static unsigned
warp_sum (unsigned v)
{
  for (int d = 16; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  return v;
}

/* A's warp sum, after A is moved by B: returns its first parameter.  */
static unsigned
sum_first (unsigned a, unsigned b)
{
  a = a * 3 + b;
  for (int d = 16; d > 0; d /= 2)
    a += cuda_shfl_down_sync (FULL, a, d);
  return a;
}

__attribute__ ((cuda_jit)) void
values (const unsigned x[N], unsigned out[N][RESULTS])
{
  unsigned threads = blockDim.x * blockDim.y;
  unsigned i = blockIdx.x * threads + threadIdx.x + blockDim.x * threadIdx.y;
  unsigned v = warp_sum (x[i]);
  out[i][DECLARED] = v;
  v = sum_first (x[i], v + 1);
  out[i][OTHER_ARGUMENT] = v;
  unsigned t = x[i] ^ 5;
  v = sum_first (v, t);
  out[i][RETURNED_ARGUMENT] = v;
  t = sum_first (v, t);
  out[i][PASSED_ARGUMENT] = t;
  v = sum_first (v, v);
  out[i][TWICE] = v;
  if (i % threads / WARP % 2 == 0)
    {
      unsigned w = sum_first (x[i], t);
      out[i][IN_BRANCH] = w;
    }
}

/* Lane L's value after the shuffles down of warp_sum over V.  */
static void
simulate_sum (unsigned v[WARP], unsigned lanes)
{
  for (int d = 16; d > 0; d /= 2)
    {
      unsigned next[WARP];
      for (unsigned l = 0; l < lanes; l++)
        next[l] = v[l] + (l + d < lanes ? v[l + d] : v[l]);
      memcpy (v, next, lanes * sizeof *v);
    }
}

static void
simulate_first (unsigned a[WARP], const unsigned b[WARP], unsigned lanes)
{
  for (unsigned l = 0; l < lanes; l++)
    a[l] = a[l] * 3 + b[l];
  simulate_sum (a, lanes);
}

static int
check (cuda_dim3 block, const unsigned *x)
{
  unsigned threads = block.x * block.y;
  unsigned blocks = N / threads;
  unsigned (*out)[RESULTS] = cuda_managed_array (N * sizeof *out);
  memset (out, 0, N * sizeof *out);
  cuda_launch (values, blocks, block) (x, out);
  cuda_synchronize ();

  int wrong = 0;
  for (unsigned warp = 0; warp < blocks * ((threads + WARP - 1) / WARP);
       warp++)
    {
      unsigned in_block = warp % ((threads + WARP - 1) / WARP) * WARP;
      unsigned first = warp / ((threads + WARP - 1) / WARP) * threads + in_block;
      unsigned lanes = threads - in_block < WARP ? threads - in_block : WARP;
      unsigned want[RESULTS][WARP], v[WARP], t[WARP], plus[WARP], w[WARP];
      for (unsigned l = 0; l < lanes; l++)
        v[l] = x[first + l];
      simulate_sum (v, lanes);
      memcpy (want[DECLARED], v, sizeof v);
      for (unsigned l = 0; l < lanes; l++)
        {
          plus[l] = v[l] + 1;
          v[l] = x[first + l];
        }
      simulate_first (v, plus, lanes);
      memcpy (want[OTHER_ARGUMENT], v, sizeof v);
      for (unsigned l = 0; l < lanes; l++)
        t[l] = x[first + l] ^ 5;
      simulate_first (v, t, lanes);
      memcpy (want[RETURNED_ARGUMENT], v, sizeof v);
      unsigned copy[WARP];
      memcpy (copy, v, sizeof v);
      simulate_first (copy, t, lanes);
      memcpy (t, copy, sizeof t);
      memcpy (want[PASSED_ARGUMENT], t, sizeof t);
      memcpy (copy, v, sizeof v);
      simulate_first (v, copy, lanes);
      memcpy (want[TWICE], v, sizeof v);
      for (unsigned l = 0; l < lanes; l++)
        w[l] = x[first + l];
      simulate_first (w, t, lanes);
      memcpy (want[IN_BRANCH], w, sizeof w);
      for (unsigned l = 0; l < lanes; l++)
        for (int r = 0; r < RESULTS; r++)
          {
            if (r == IN_BRANCH && in_block / WARP % 2 != 0)
              continue;
            if (out[first + l][r] != want[r][l] && wrong++ < 10)
              printf ("block (%u, %u): thread %u result %d: %u, not %u\n",
                      block.x, block.y, first + l, r, out[first + l][r],
                      want[r][l]);
          }
    }
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  unsigned *x = cuda_managed_array (N * sizeof *x);
  for (unsigned i = 0; i < N; i++)
    x[i] = i * 2654435761u % 1000;
  int wrong = check (cuda_dim3 (32), x) + check (cuda_dim3 (256), x)
              + check (cuda_dim3 (16, 8), x);
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads; the CPU backend takes those lanes' values
     as their own.  */
  if (!cuda_is_available ())
    wrong += check (cuda_dim3 (48), x);
  cuda_free_managed (x);
  if (wrong)
    return 1;
  puts ("inlined values ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "inlined values ok" } */
/* { dg-cudajit-levels all } */
