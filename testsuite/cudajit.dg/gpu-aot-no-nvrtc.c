/* On a GPU, a kernel compiled ahead of time for it is loaded from its
   image: NVRTC, made unfindable, is not needed, and CUDAJIT_VERBOSE says
   which image was loaded.  Needs an sm_80 or newer GPU (sm_8x runs the
   sm_80 cubin, sm_90 its own, newer ones the compute_90 PTX).  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_80,sm_90" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */
/* { dg-set-target-env-var CUDAJIT_NVRTC_LIBRARY "/nonexistent/libnvrtc.so" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
iota (int *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = 3 * i + 1;
}

int
main (void)
{
  int host[512];
  int *dev = cuda_device_array (sizeof host);
  cuda_launch (iota, 4, 128) (dev, 512);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  int errors = 0;
  for (int i = 0; i < 512; i++)
    errors += host[i] != 3 * i + 1;
  printf ("iota from the image: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "gpu-aot-no-nvrtc.c.cu loaded the ahead-of-time (cubin for sm_\[0-9\]+a?|PTX for compute_\[0-9\]+)\n.*iota from the image: 0 errors" } */
