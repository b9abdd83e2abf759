/* SPDX-License-Identifier: MIT */
/* Seed 003's reduce generator: @cuda.reduce of a sum, on an array on the
   host (copied to the GPU for the call) and on the same array in device
   memory, which the reduction leaves as it was.  */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

static double
sum_reduce (double a, double b)
{
  return a + b;
}

int
main (void)
{
  enum
  {
    n = 1234
  };
  static double A[n], back[n];
  for (int i = 0; i < n; i++)
    A[i] = i + 1;

  double host_sum = cuda_reduce (sum_reduce, A, n);
  double *A_d = cuda_to_device (A, sizeof A);
  double device_sum = cuda_reduce (sum_reduce, A_d, n);
  cuda_copy_to_host (back, A_d, sizeof back);
  cuda_free (A_d);

  double expected = n * (n + 1) / 2.0;
  int ok = host_sum == expected && device_sum == expected
           && memcmp (A, back, sizeof A) == 0;
  /* The seed's cells show sum_reduce(A) and whether A_d is still A.  */
  printf ("%.1f\n", host_sum);
  printf ("%s\n", memcmp (A, back, sizeof A) == 0 ? "True" : "False");
  printf ("sum-reduce: %s\n", ok ? "ok" : "FAILED");
  return !ok;
}
