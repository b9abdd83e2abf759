/* With CUDAJIT_CPU_AS_WRITTEN, the CPU backend runs each thread through
   the kernel as written, and says so: a kernel cut at its barriers and
   one of loops without any give what plain C computes all the same.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CPU_AS_WRITTEN "1" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 96,
  BLOCKS = 3,
  N = THREADS * BLOCKS
};

/* Each thread's value plus its right neighbour's in the block.  */
__attribute__ ((cuda_jit)) void
neighbours (const int in[N], int out[N])
{
  static __attribute__ ((cuda_shared)) int tile[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  tile[t] = in[i] * 3;
  cuda_syncthreads ();
  out[i] = tile[t] + tile[(t + 1) % THREADS];
}

__attribute__ ((cuda_jit)) void
squares (const int in[N], int out[N])
{
  long i = cuda_grid_x ();
  out[i] = in[i] * in[i];
}

int
main (void)
{
  static int in[N], out[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 31 - 9;
  cuda_launch (neighbours, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int next = i / THREADS * THREADS + (i % THREADS + 1) % THREADS;
      errors += out[i] != in[i] * 3 + in[next] * 3;
    }
  cuda_launch (squares, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    errors += out[i] != in[i] * in[i];
  printf ("as written: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "CPU backend: as CUDAJIT_CPU_AS_WRITTEN says, each thread runs its kernel as written.*as written: 0 errors" { target { ! cuda_gpu } } } */
/* { dg-output "as written: 0 errors" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
