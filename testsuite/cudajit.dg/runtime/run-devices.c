/* cuda_is_available, cuda_device_count and cuda_select_device: the count
   agrees with the backend, device 0 can be selected, and a device beyond
   the count is an error that names the count, which CUDAJIT_ERRORS=return
   hands to cuda_last_error.  With two GPUs or more, a kernel launched on
   the second after the first runs on each.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
iota (int *x, int offset, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = i + offset;
}

/* Launch iota on the selected device; return the number of errors.  */
static int
run_iota (int offset)
{
  enum { n = 1000 };
  int host[n];
  int *dev = cuda_device_array (sizeof host);
  int errors = 0;

  cuda_launch (iota, (n + 127) / 128, 128) (dev, offset, n);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  for (int i = 0; i < n; i++)
    errors += host[i] != i + offset;
  return errors + (cuda_last_error () != NULL);
}

/* Whether selecting DEVICE fails with a message that names COUNT.  */
static int
rejected (int device, int count)
{
  char expected[64];
  const char *error;

  cuda_select_device (device);
  error = cuda_last_error ();
  snprintf (expected, sizeof expected, "cuda_device_count () is %d", count);
  printf ("error: %s\n", error ? error : "(none)");
  return error && strstr (error, expected) && !cuda_last_error ();
}

int
main (void)
{
  int available = cuda_is_available ();
  int count = cuda_device_count ();
  int errors = 0;

  printf ("available: %d, devices: %d\n", available, count);
  errors += available ? count < 1 : count != 0;
  cuda_select_device (0);
  errors += cuda_last_error () != NULL;
  errors += run_iota (1);
  errors += !rejected (count < 1 ? 1 : count, count);
  errors += !rejected (-1, count);
  /* Still on device 0.  */
  errors += run_iota (2);
  if (count >= 2)
    {
      cuda_select_device (1);
      errors += cuda_last_error () != NULL;
      errors += run_iota (3);
      cuda_select_device (0);
      errors += run_iota (4);
    }
  printf ("devices: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "available: \[01\], devices: \[0-9\]+\n" } */
/* { dg-output "error: cuda_select_device \\(\[1-9\]\[0-9\]*\\): \[^\n\]*; cuda_device_count \\(\\) is \[0-9\]+\n" } */
/* { dg-output "error: cuda_select_device \\(-1\\): \[^\n\]*; cuda_device_count \\(\\) is \[0-9\]+\n" } */
/* { dg-output "devices: 0 errors" } */
/* { dg-cudajit-levels all } */
