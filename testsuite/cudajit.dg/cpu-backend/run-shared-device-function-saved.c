/* A device function's shared array read on the right of a compound
   assignment to a variable, with a call in the index: C evaluates such a
   right operand once, before the assignment, and its tree then holds the
   operand twice.  On the CPU backend the array must be the block's copy
   in both places.  Found by the SIMT fuzzer (testsuite/simt-fuzz); the
   same cause as the compound assignments to a device function's shared
   array of issue 44's section 3, which lost them the same way, and
   which shared-memory.cc fixed for both.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 3,
  N = THREADS * BLOCKS
};

static unsigned int
neighbour (unsigned int t, unsigned int k)
{
  return (t + k) % THREADS;
}

/* V updated from the values of the next four threads of the block.  */
static unsigned int
gather (unsigned int v)
{
  static __attribute__ ((cuda_shared)) unsigned int a[THREADS];
  unsigned int t = threadIdx.x, r = v;
  a[t] = v * 7u + 1u;
  cuda_syncthreads ();
  r += a[neighbour (t, 1)];
  r ^= a[neighbour (t, 2)] << 1;
  r -= a[neighbour (t, 3)];
  r |= a[neighbour (t, 4)] & 0xf0u;
  cuda_syncthreads ();
  return r;
}

__attribute__ ((cuda_jit)) void
gather_kernel (const unsigned int in[N], unsigned int out[N])
{
  long i = cuda_grid_x ();
  out[i] = gather (in[i]);
}

int
main (void)
{
  static unsigned int in[N], out[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 2654435761u;
  cuda_launch (gather_kernel, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int first = i / THREADS * THREADS, t = i % THREADS;
      unsigned int r = in[i];
#define A(k) (in[first + (t + (k)) % THREADS] * 7u + 1u)
      r += A (1);
      r ^= A (2) << 1;
      r -= A (3);
      r |= A (4) & 0xf0u;
      errors += out[i] != r;
    }
  printf ("shared saved: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared saved: 0 errors" } */
/* { dg-cudajit-levels all } */
