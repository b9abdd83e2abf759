/* assert in device functions: in a kernel's thread on the CPU backend it
   names the kernel, its launch and the thread, as in a kernel; called from
   host code it is glibc's.  */
/* { dg-do run } */
/* { dg-shouldfail "an assertion fails" } */

#include <cudajit.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static int
checked (int value, int limit)
{
  assert (value < limit);
  return value * 2;
}

__attribute__ ((cuda_device)) int
checked_marked (int value)
{
  assert (value >= 0);
  return value + 1;
}

__attribute__ ((cuda_jit)) void
kernel (long n, int values[n], int limit)
{
  long i = cuda_grid_x ();
  if (i < n)
    values[i] = checked_marked (checked (values[i], limit));
}

int
main (void)
{
  enum
  {
    n = 40
  };
  int values[n];
  for (int i = 0; i < n; i++)
    values[i] = i;
  /* Host code calls them too.  */
  printf ("host: %d %d\n", checked (3, 4), checked_marked (5));
  fflush (stdout);
  cuda_launch (kernel, 1, 64) (n, values, 100);
  printf ("first launch: %d\n", values[39]);
  fflush (stdout);
  cuda_launch (kernel, 1, 64) (n, values, 50); /* Launch line 50.  */
  printf ("not reached\n");
  return 0;
}

/* { dg-output "host: 6 6\n" } */
/* { dg-output "(.*\n)?first launch: 79\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'kernel' launched at \[^\n\]*run-assert-device-function.c:50: assertion 'value < limit' failed at \[^\n\]*run-assert-device-function.c:15 in thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\)" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'kernel' launched at \[^\n\]*run-assert-device-function.c:50: CUDA_ERROR_ASSERT" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
