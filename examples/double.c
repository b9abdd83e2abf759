/* SPDX-License-Identifier: MIT */
/* Seed 000, "something a little bigger": double 30 million random numbers
   into output, in a plain C loop (the seed's Python loop) and in the
   kernel foo on 128-thread blocks, each timed as %%time does; then with
   the arrays on the GPU, gpu_random_array and gpu_output, timed as
   %%timeit -n 100 does (on the CPU backend, whose launch takes as long as
   the plain loop, with 1 loop a run, to stay fast).  `double N` doubles N
   numbers.  Each result is checked against the plain loop.  */

#include "notebook.h"
#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The seed's kernel has no bounds check, its size being a multiple of
   128; N need not be.  */
__attribute__ ((cuda_jit)) void
foo (long n, const double input_array[n], double output_array[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    output_array[i] = input_array[i] * 2;
}

enum
{
  RUNS = 7,
  GPU_LOOPS = 100
};

static long
mismatches_of (long n, const double *random_array, const double *output)
{
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += output[i] != random_array[i] * 2;
  return mismatches;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 30000000;
  size_t bytes = n * sizeof (double);
  double *random_array = malloc (bytes);
  double *output = calloc (n, sizeof (double));
  if (!random_array || !output)
    {
      fprintf (stderr, "double: out of memory\n");
      return 1;
    }
  srand (1);
  for (long i = 0; i < n; i++)
    random_array[i] = rand () / (RAND_MAX + 1.0);
  numpy_print_floats (random_array, n, 1, NULL);
  numpy_print_floats (output, n, 1, NULL);

  struct notebook_clock start = notebook_now ();
  for (long i = 0; i < n; i++)
    output[i] = random_array[i] * 2;
  notebook_print_time (start);
  numpy_print_floats (output, n, 1, NULL);
  long mismatches = 0;

  memset (output, 0, bytes);
  int threads = 128;
  long blocks = (n + threads - 1) / threads; /* math.ceil */
  start = notebook_now ();
  cuda_launch (foo, blocks, threads) (n, random_array, output);
  notebook_print_time (start);
  numpy_print_floats (output, n, 1, NULL);
  mismatches += mismatches_of (n, random_array, output);

  double *gpu_random_array = cuda_to_device (random_array, bytes);
  double *gpu_output = cuda_device_array_like (random_array, n);
  printf ("<cudajit device array at %p>\n", (void *) gpu_random_array);
  int loops = cuda_is_available () ? GPU_LOOPS : 1;
  NOTEBOOK_TIMEIT (RUNS, loops, {
    cuda_launch (foo, blocks, threads) (n, gpu_random_array, gpu_output);
    cuda_synchronize ();
  });
  memset (output, 0, bytes);
  cuda_copy_to_host (output, gpu_output, bytes);
  numpy_print_floats (output, n, 1, NULL);
  mismatches += mismatches_of (n, random_array, output);
  cuda_free (gpu_random_array);
  cuda_free (gpu_output);

  printf ("double: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  free (random_array);
  free (output);
  return mismatches != 0;
}
