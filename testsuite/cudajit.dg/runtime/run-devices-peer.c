/* Memory, streams and events belong to the GPU that was selected when they
   were made.  With two GPUs or more, a launch on GPU 0 with an array of
   GPU 1 is an error that names the kernel, the argument and both GPUs,
   as is a launch on a stream of GPU 1, until cuda_enable_peer_access (1)
   lets GPU 0's kernels reach GPU 1's memory.  Everywhere, enabling access
   to the GPU in use does nothing, and to a GPU that does not exist is an
   error naming the count.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
fill (int *x, int value, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = value + i;
}

enum
{
  n = 4096
};

/* Whether the last call failed with an error that contains EXPECTED.  */
static int
failed_with (const char *expected)
{
  const char *error = cuda_last_error ();

  printf ("error: %s\n", error ? error : "(none)");
  return error && strstr (error, expected);
}

/* Run fill on GPU 0 into an array of GPU 1; return the number of
   errors.  */
static int
across_gpus (void)
{
  int host[n], errors = 0;
  int *other;
  cuda_stream_t other_stream;

  cuda_select_device (1);
  other = cuda_device_array (sizeof host);
  other_stream = cuda_stream ();
  cuda_select_device (0);

  cuda_launch (fill, n / 256, 256) (other, 7, n);
  errors += !failed_with ("argument 1, 'x', is memory of GPU 1, which the "
                          "kernel cannot reach from GPU 0");
  cuda_launch (fill, n / 256, 256, 0, other_stream) (other, 7, n);
  errors += !failed_with ("was made on GPU 1, but the calling thread uses "
                          "GPU 0");

  cuda_enable_peer_access (1);
  errors += cuda_last_error () != NULL;
  cuda_launch (fill, n / 256, 256) (other, 7, n);
  cuda_synchronize ();
  errors += cuda_last_error () != NULL;
  cuda_copy_to_host (host, other, sizeof host);
  for (int i = 0; i < n; i++)
    errors += host[i] != 7 + i;

  cuda_select_device (1);
  cuda_stream_destroy (other_stream);
  cuda_free (other);
  cuda_select_device (0);
  return errors + (cuda_last_error () != NULL);
}

int
main (void)
{
  int count = cuda_device_count ();
  int errors = 0;
  char expected[64];

  /* The GPU in use, or the CPU, reaches its own memory.  */
  cuda_enable_peer_access (0);
  errors += cuda_last_error () != NULL;
  cuda_enable_peer_access (count < 1 ? 1 : count);
  snprintf (expected, sizeof expected, "cuda_device_count () is %d", count);
  errors += !failed_with (expected);
  if (count >= 2)
    errors += across_gpus ();
  else
    printf ("across GPUs: not run, %d GPUs\n", count);
  printf ("peer: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "error: cuda_enable_peer_access \\(\[1-9\]\[0-9\]*\\): \[^\n\]*; cuda_device_count \\(\\) is \[0-9\]+\n" } */
/* { dg-output "(across GPUs: not run, \[01\] GPUs\n|error: kernel 'fill' launched at \[^\n\]*run-devices-peer.c:\[0-9\]+: argument 1\[^\n\]*\nerror: kernel 'fill' launched at \[^\n\]*run-devices-peer.c:\[0-9\]+: cuda_launch: a stream\[^\n\]*\n)" } */
/* { dg-output "peer: 0 errors" } */
/* { dg-cudajit-levels all } */
