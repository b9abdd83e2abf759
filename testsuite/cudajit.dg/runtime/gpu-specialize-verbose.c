/* On a GPU, CUDAJIT_VERBOSE tells the life of a kernel's variants: a
   parameter that takes more than 4 values leaves the keys, the third
   launch of a key queues a variant, which compiles in the background
   (one variant of the process at a time), and a key beyond the 4
   variants of a kernel stays generic.  The
   results are checked against C all along.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  N = 256,
  STEPS = 20,
  SIZES = 6,
  REPEATS = 3
};

__attribute__ ((cuda_jit)) void
stepped (int n, int *out, int step)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = i * n + step;
}

__attribute__ ((cuda_jit)) void
sized (int n, int *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = n - i;
}

static int failures;

/* Time for the background thread to compile a variant.  */
static void
pause_a_little (void)
{
  struct timespec pause = { 0, 50 * 1000 * 1000 };
  nanosleep (&pause, NULL);
}

int
main (void)
{
  int *out = cuda_managed_array (N * sizeof (int));

  for (int step = 0; step < STEPS; step++)
    {
      cuda_launch (stepped, N / 32, 32) (N, out, step);
      cuda_synchronize ();
      for (int i = 0; i < N; i++)
        failures += out[i] != i * N + step;
      pause_a_little ();
    }
  for (int size = 1; size <= SIZES; size++)
    for (int r = 0; r < REPEATS; r++)
      {
        int n = size * 10;
        cuda_launch (sized, 1, 64) (n, out);
        cuda_synchronize ();
        for (int i = 0; i < n; i++)
          failures += out[i] != n - i;
        pause_a_little ();
      }
  cuda_free_managed (out);
  if (failures)
    abort ();
  fputs ("ok\n", stderr);
  return 0;
}

/* { dg-output ".*kernel 'stepped' at \[^\n\]*gpu-specialize-verbose.c:58: parameter 'step' has taken more than 4 values; variants leave it generic\n" } */
/* { dg-output ".*kernel 'stepped' at \[^\n\]*: variant 1 queued, for blocks \\(32, 1, 1\\), arrays apart, n = 256\n" } */
/* { dg-output ".*kernel 'stepped' at \[^\n\]*: variant 1 (compiled by NVRTC|came from the cache) in \[0-9.\]+ ms\n" } */
/* { dg-output ".*kernel 'sized' at \[^\n\]*: variant 4 queued, for blocks \\(64, 1, 1\\), arrays apart, n = 40\n" } */
/* { dg-output ".*kernel 'sized' at \[^\n\]*: parameter 'n' has taken more than 4 values; variants leave it generic\n" } */
/* { dg-output ".*kernel 'sized' at \[^\n\]*, launched again with blocks \\(64, 1, 1\\), arrays apart, has its 4 variants already: such launches stay generic\n" } */
/* { dg-output ".*ok\n" } */
