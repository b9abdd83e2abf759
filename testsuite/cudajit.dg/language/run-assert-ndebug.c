/* With NDEBUG, assert in a kernel is nothing, on the GPU as on the
   CPU.  */
/* { dg-do run } */
/* { dg-options "-DNDEBUG" } */

#include <cudajit.h>
#include <assert.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
assert_kernel (long n, int values[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    {
      assert (values[i] < 0);
      values[i]++;
    }
}

int
main (void)
{
  int values[40] = { 0 };
  cuda_launch (assert_kernel, 1, 64) (40, values);
  printf ("values[39] = %d\n", values[39]);
  return values[39] != 1;
}

/* { dg-output "values\\\[39\\\] = 1" } */
/* { dg-cudajit-levels all } */
