/* SPDX-License-Identifier: MIT */
/* Seed 000, "something a little bigger": double 30 million random numbers,
   in a plain C loop and in a kernel, and compare.  The kernel is timed
   with device arrays (the kernel alone), with host memory copied to the
   device and back by hand, and with the host arrays passed as they are,
   which the declared extents let cudajit copy by itself (the whole
   call).  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
double_kernel (long n, const double input_array[n], double output_array[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    output_array[i] = input_array[i] * 2;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 30000000;
  int repeats = argc > 2 ? atoi (argv[2]) : 10;
  size_t bytes = n * sizeof (double);
  double *random_array = malloc (bytes);
  double *expected = malloc (bytes);
  double *output = calloc (n, sizeof (double));
  if (!random_array || !expected || !output)
    {
      fprintf (stderr, "double: out of memory\n");
      return 1;
    }
  srand (1);
  for (long i = 0; i < n; i++)
    random_array[i] = rand () / (RAND_MAX + 1.0);

  double start = now_ms ();
  for (long i = 0; i < n; i++)
    expected[i] = random_array[i] * 2;
  double host_ms = now_ms () - start;

  int threads = 128;
  long blocks = (n + threads - 1) / threads;

  /* The first launch compiles the kernel; keep that out of the timings.  */
  double *dev_input = cuda_to_device (random_array, bytes);
  double *dev_output = cuda_device_array (bytes);
  start = now_ms ();
  cuda_launch (double_kernel, blocks, threads) (n, dev_input, dev_output);
  cuda_synchronize ();
  double first_ms = now_ms () - start;

  start = now_ms ();
  for (int r = 0; r < repeats; r++)
    cuda_launch (double_kernel, blocks, threads) (n, dev_input, dev_output);
  cuda_synchronize ();
  double kernel_ms = (now_ms () - start) / repeats;
  cuda_free (dev_input);
  cuda_free (dev_output);

  start = now_ms ();
  for (int r = 0; r < repeats; r++)
    {
      double *in = cuda_to_device (random_array, bytes);
      double *out = cuda_device_array (bytes);
      cuda_launch (double_kernel, blocks, threads) (n, in, out);
      cuda_copy_to_host (output, out, bytes);
      cuda_free (in);
      cuda_free (out);
    }
  double copied_ms = (now_ms () - start) / repeats;
  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += output[i] != expected[i];

  memset (output, 0, bytes);
  start = now_ms ();
  for (int r = 0; r < repeats; r++)
    cuda_launch (double_kernel, blocks, threads) (n, random_array, output);
  double automatic_ms = (now_ms () - start) / repeats;
  for (long i = 0; i < n; i++)
    mismatches += output[i] != expected[i];

  printf ("elements:                                   %ld\n", n);
  printf ("plain C loop:                               %10.3f ms\n", host_ms);
  printf ("first launch (JIT compile included):        %10.3f ms\n", first_ms);
  printf ("kernel with device arrays:                  %10.3f ms\n",
          kernel_ms);
  printf ("whole call, host memory copied by hand:     %10.3f ms\n",
          copied_ms);
  printf ("whole call, host arrays copied by cudajit:  %10.3f ms\n",
          automatic_ms);
  printf ("double: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  free (random_array);
  free (expected);
  free (output);
  return mismatches != 0;
}
