/* cuda_reduce over more elements than its device array holds is an error
   that names the call, on both backends, rather than a fold of what lies
   beyond; all of them, to its end, fold as they should.  */
/* { dg-do run } */
/* { dg-shouldfail "past the end" } */

#include <cudajit.h>

static double
sum (double a, double b)
{
  return a + b;
}

int
main (void)
{
  double x[1000];
  for (int i = 0; i < 1000; i++)
    x[i] = i + 1;
  double *dev = cuda_to_device (x, sizeof x);
  if (cuda_reduce (sum, dev + 10, 990) != 500500 - 55)
    return 1;
  return cuda_reduce (sum, dev + 10, 991) != 0; /* line 24 */
}

/* { dg-output "cudajit: error: kernel 'cuda_reduce_sum' launched at \[^\n\]*run-error-reduce-past-end.c:24: cuda_reduce over 991 elements: the array at 0x\[0-9a-f\]+ holds 990, to the end of the 8000 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+\n" } */
/* { dg-cudajit-levels all } */
