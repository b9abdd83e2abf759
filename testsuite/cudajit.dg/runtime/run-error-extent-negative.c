/* An extent that the parameters compute, out[n / 256], which comes to
   less than zero at a launch with host memory, is an error that says so,
   naming the kernel, the launch and the argument.  */
/* { dg-do run } */
/* { dg-shouldfail "negative extent" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
block_counts (int n, float out[n / 256])
{
  int i = cuda_grid_x ();

  if (i < n / 256)
    out[i] = 256;
}

int
main (int argc, char **argv)
{
  float out[4];
  int n = argc > 5 ? 1024 : -1024;

  (void) argv;
  cuda_launch (block_counts, 1, 32) (n, out);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'block_counts' launched at \[^\n\]*run-error-extent-negative.c:25: argument 2, 'out', is host memory, but the extent that its parameter declares is negative at this launch; check the arguments that give the extent" } */
/* { dg-cudajit-levels all } */
