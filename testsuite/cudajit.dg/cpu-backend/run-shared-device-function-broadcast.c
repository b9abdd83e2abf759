/* A device function's shared array read in the scalar operand of an
   operation on a vector, which C broadcasts to the vector's lanes: the
   front end saves the operand once for them all, and the tree then holds
   it in several places.  On the CPU backend the array must be the
   block's copy in each.  Found by the SIMT fuzzer (testsuite/simt-fuzz,
   seed 467); the same cause as the compound assignments to a device
   function's shared array of issue 44's section 3, which shared-memory.cc
   fixed for both.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 3,
  N = THREADS * BLOCKS
};

/* V's lanes, each added the value of the next thread, then shifted by
   that of the one after.  */
static unsigned int
spread (unsigned int v)
{
  static __attribute__ ((cuda_shared)) unsigned int a[THREADS];
  unsigned int t = threadIdx.x;
  cuda_uint4 x;
  for (int k = 0; k < 4; k++)
    x[k] = v + k;
  a[t] = v * 7u + 1u;
  cuda_syncthreads ();
  x = x + a[(t + 1) % THREADS];
  x = x >> (a[(t + 2) % THREADS] & 7u);
  cuda_syncthreads ();
  return x[0] ^ x[1] ^ x[2] ^ x[3];
}

__attribute__ ((cuda_jit)) void
spread_kernel (const unsigned int in[N], unsigned int out[N])
{
  long i = cuda_grid_x ();
  out[i] = spread (in[i]);
}

int
main (void)
{
  static unsigned int in[N], out[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 2654435761u;
  cuda_launch (spread_kernel, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int first = i / THREADS * THREADS, t = i % THREADS;
#define A(k) (in[first + (t + (k)) % THREADS] * 7u + 1u)
      unsigned int r = 0;
      for (unsigned int k = 0; k < 4; k++)
        r ^= (in[i] + k + A (1)) >> (A (2) & 7u);
      errors += out[i] != r;
    }
  printf ("shared broadcast: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared broadcast: 0 errors" } */
/* { dg-cudajit-levels all } */
