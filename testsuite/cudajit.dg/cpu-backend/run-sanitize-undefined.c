/* A file with kernels built with -fsanitize=undefined: the host side is
   checked, the kernels' device code carries no instrumentation, and a
   fault of the host side is still reported.  */
/* { dg-do run } */
/* { dg-require-effective-target fsanitize_undefined } */
/* { dg-options "-O1 -fsanitize=undefined -fsanitize=float-cast-overflow" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
kernel (long n, int out[n], int shift, double scale)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = ((int) i << shift) / (int) (i + 1) + (int) (scale * i);
}

static int
host_shift (int x, int shift)
{
  return x << shift;
}

int
main (int argc, char **argv)
{
  enum
  {
    n = 100
  };
  int out[n];
  (void) argv;
  cuda_launch (kernel, 1, 128) (n, out, 3, 0.5);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += out[i] != (i << 3) / (i + 1) + (int) (0.5 * i);
  printf ("kernel: %d errors\n", errors);
  fflush (stdout);
  /* The host side keeps its checks.  */
  printf ("%d\n", host_shift (1, 30 + argc + 1));
  return errors != 0;
}

/* { dg-output "kernel: 0 errors\n" } */
/* { dg-output ".*shift exponent 32 is too large" } */
/* { dg-cudajit-levels all } */
