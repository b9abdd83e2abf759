/* With CUDAJIT_BACKEND=cuda a kernel runs on the GPU or not at all: the
   test needs a GPU, and is UNSUPPORTED where there is none.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
iota (int *x, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = i;
}

int
main (void)
{
  int host[256];
  int *dev = cuda_device_array (sizeof host);
  cuda_launch (iota, 2, 128) (dev, 256);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  int errors = 0;
  for (int i = 0; i < 256; i++)
    errors += host[i] != i;
  printf ("iota on the GPU: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "iota on the GPU: 0 errors" } */
