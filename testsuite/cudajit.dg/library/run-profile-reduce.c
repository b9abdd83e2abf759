/* CUDAJIT_PROFILE=1 counts cuda_reduce's launches, on the CPU backend as
   on a GPU, in a row of the kernel that the plugin made for it.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_PROFILE "1" } */

#include <cudajit.h>
#include <stdio.h>

static double
sum_reduce (double a, double b)
{
  return a + b;
}

int
main (void)
{
  enum { N = 1000 };
  static double host[N];
  double expected = 0;
  for (int i = 0; i < N; i++)
    {
      host[i] = i;
      expected += i;
    }
  double *device = cuda_to_device (host, sizeof host);
  double total = cuda_reduce (sum_reduce, device, N);
  total += cuda_reduce (sum_reduce, device, N);
  printf ("sums %s\n", total == 2 * expected ? "right" : "wrong");
  return 0;
}

/* { dg-output "sums right\n" } */
/* { dg-output "cudajit profile \\((GPU, times from CUDA events|CPU backend, wall times)\\):\n" } */
/* { dg-output "kernel +unit +launches +total ms +mean us +copied MB +copy ms +compile ms\n" } */
/* { dg-output "cuda_reduce_sum_reduce +run-profile-reduce.c +2 +\[0-9.\]+ +\[0-9.\]+ +0.00 +\[0-9.\]+ +(-|\[0-9.\]+ \\((NVRTC|cache)\\))\n?$" } */
/* { dg-cudajit-levels all } */
