/* The first launch of one of a unit's several kernels compiles it alone
   and starts compiling the others in the background; the first launch of
   another takes what that compilation made, so that NVRTC compiles each
   kernel once, and every kernel computes what it should.  CUDAJIT_VERBOSE
   shows the two compilations; on the CPU backend nothing is compiled.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */
/* { dg-set-target-env-var CUDAJIT_CACHE "0" } */

#include <cudajit.h>
#include <stdio.h>

#define N 1000

__attribute__ ((cuda_jit)) void
fill (int n, long x[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = i;
}

__attribute__ ((cuda_jit)) void
square (int n, long x[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] *= x[i];
}

__attribute__ ((cuda_jit)) void
add_one (int n, long x[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] += 1;
}

/* The number of elements of X that are not I * I * POWER + ADDED.  */
static int
wrong (const long *x, int power, int added)
{
  int errors = 0;

  for (long i = 0; i < N; i++)
    errors += x[i] != (power == 2 ? i * i : i) + added;
  return errors;
}

int
main (void)
{
  static long x[N];
  int errors;

  /* Unbuffered, for its lines to come between the runtime's.  */
  setvbuf (stdout, NULL, _IONBF, 0);
  cuda_launch (fill, (N + 127) / 128, 128) (N, x);
  errors = wrong (x, 1, 0);
  printf ("fill: %d wrong\n", errors);
  cuda_launch (square, (N + 127) / 128, 128) (N, x);
  cuda_launch (add_one, (N + 127) / 128, 128) (N, x);
  printf ("square and add_one: %d wrong\n", wrong (x, 2, 1));
  return errors || wrong (x, 2, 1);
}

/* { dg-output "(cudajit: backend: GPU \[^\n\]*\n(cudajit: \[^\n\]*\n)*cudajit: run-background-compile.c.cu's kernel 'fill' compiled by NVRTC for (sm|compute)_\[0-9\]+ in \[0-9.\]+ ms\n(cudajit: \[^\n\]*\n)*fill: 0 wrong\n(cudajit: \[^\n\]*\n)*cudajit: run-background-compile.c.cu's kernels other than 'fill' compiled by NVRTC in the background for (sm|compute)_\[0-9\]+ in \[0-9.\]+ ms\n(cudajit: \[^\n\]*\n)*|\[^\n\]*(backend: the CPU|kernels run on the CPU)\[^\n\]*\n(cudajit: \[^\n\]*\n)*fill: 0 wrong\n(cudajit: \[^\n\]*\n)*)square and add_one: 0 wrong" } */
/* { dg-cudajit-levels all } */
