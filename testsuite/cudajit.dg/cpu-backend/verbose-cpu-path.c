/* CUDAJIT_VERBOSE says, once for each kernel, at its first launch on the
   CPU backend, how its threads run there: loops over a block's threads,
   loops cut at its barriers and warp functions, or fibers, with the
   construct that sent the kernel to fibers and its line.  Each kernel
   runs twice, and computes what plain C does.  */
/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  WARP = 32,
  THREADS = 64
};

/* Defined after the kernel that calls it, which the block function
   cannot inline.  */
static unsigned warp_sum (unsigned v);

__attribute__ ((cuda_jit)) void
loops (unsigned *out)
{
  out[threadIdx.x] += 1;
}

__attribute__ ((cuda_jit)) void
cut (unsigned *out)
{
  static __attribute__ ((cuda_shared)) unsigned s[THREADS];
  s[threadIdx.x] = out[threadIdx.x];
  cuda_syncthreads ();
  out[threadIdx.x] = s[THREADS - 1 - threadIdx.x];
}

__attribute__ ((cuda_jit)) void
in_function (unsigned *out)
{
  out[threadIdx.x] = warp_sum (out[threadIdx.x]);
}

static unsigned
warp_sum (unsigned v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (0xffffffff, v, d);
  return v;
}

__attribute__ ((cuda_jit)) void
half_mask (unsigned *out)
{
  if (threadIdx.x % WARP < WARP / 2)
    out[threadIdx.x] = cuda_ballot_sync (0xffff, out[threadIdx.x] & 1);
}

int
main (void)
{
  unsigned *out = cuda_managed_array (THREADS * sizeof *out);
  unsigned want[THREADS];
  int wrong = 0;

  for (int i = 0; i < THREADS; i++)
    out[i] = want[i] = i * 7 % 13;
  for (int round = 0; round < 2; round++)
    {
      cuda_launch (loops, 1, THREADS) (out);
      cuda_launch (cut, 1, THREADS) (out);
      cuda_launch (in_function, 1, THREADS) (out);
      cuda_launch (half_mask, 1, THREADS) (out);
      cuda_synchronize ();
      unsigned next[THREADS];
      for (int i = 0; i < THREADS; i++)
        want[i] += 1;
      for (int i = 0; i < THREADS; i++)
        next[i] = want[THREADS - 1 - i];
      /* In each lane, the sum of it and the lanes above it by 16, 8, 4,
         2 and 1, a lane past the warp giving the caller's own; then the
         first 16 lanes get their ballot of odd values.  */
      for (int w = 0; w < THREADS; w += WARP)
        {
          unsigned v[WARP], t[WARP];
          for (int l = 0; l < WARP; l++)
            v[l] = next[w + l];
          for (int d = WARP / 2; d > 0; d /= 2)
            {
              for (int l = 0; l < WARP; l++)
                t[l] = v[l] + (l + d < WARP ? v[l + d] : v[l]);
              for (int l = 0; l < WARP; l++)
                v[l] = t[l];
            }
          unsigned odd = 0;
          for (int l = 0; l < WARP / 2; l++)
            odd |= (v[l] & 1) << l;
          for (int l = 0; l < WARP / 2; l++)
            want[w + l] = odd;
          for (int l = WARP / 2; l < WARP; l++)
            want[w + l] = v[l];
        }
      for (int i = 0; i < THREADS; i++)
        if (out[i] != want[i] && wrong++ < 10)
          printf ("round %d: out[%d] = %u, not %u\n", round, i, out[i],
                  want[i]);
    }
  cuda_free_managed (out);
  if (wrong)
    return 1;
  printf ("each kernel's path said once\n");
  return 0;
}

/* { dg-output "cudajit: CPU backend: 'loops' runs each block as loops over its threads\n" } */
/* { dg-output "cudajit: CPU backend: 'cut' runs each block as loops over its threads, cut at its barriers and warp functions\n" } */
/* { dg-output "cudajit: CPU backend: 'in_function' runs the threads of each block as fibers, because at verbose-cpu-path.c:42 it calls a function that may wait for other threads \\(at 'cuda_syncthreads', a warp function or in a loop that waits for memory to change\\)\n" } */
/* { dg-output "cudajit: CPU backend: 'half_mask' runs the threads of each block as fibers, because at verbose-cpu-path.c:57 a warp function's mask is not the constant of the whole warp, 0xffffffff\n" } */
/* { dg-output "each kernel's path said once" } */
