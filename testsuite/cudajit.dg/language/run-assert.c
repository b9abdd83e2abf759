/* assert in a kernel: the message names the kernel, its launch, the
   thread and the assertion, and the program ends, on the CPU backend as
   on a GPU (where CUDA's device assert prints the assertion).  */
/* { dg-do run } */
/* { dg-shouldfail "an assertion fails" } */

#include <cudajit.h>
#include <assert.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
assert_kernel (long n, int values[n], int limit)
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  assert (values[i] < limit);
  values[i] = -values[i];
}

int
main (void)
{
  enum
  {
    n = 64
  };
  int values[n];
  for (int i = 0; i < n; i++)
    values[i] = i % 7;
  /* Passes.  */
  cuda_launch (assert_kernel, 2, 32) (n, values, 7);
  printf ("first launch: %d\n", values[6]);
  fflush (stdout);
  values[37] = 100;
  cuda_launch (assert_kernel, 2, 32) (n, values, 7); /* Launch line 36.  */
  printf ("not reached\n");
  return 0;
}

/* { dg-output "first launch: -6\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'assert_kernel' launched at \[^\n\]*run-assert.c:36: assertion 'values\\\[i\\\] < limit' failed at \[^\n\]*run-assert.c:17 in thread \\(5, 0, 0\\) of block \\(1, 0, 0\\)" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'assert_kernel' launched at \[^\n\]*run-assert.c:36: CUDA_ERROR_ASSERT" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
