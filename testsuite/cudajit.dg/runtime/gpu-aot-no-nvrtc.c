/* On a GPU, kernels compiled ahead of time for it are loaded from their
   images: NVRTC, made unfindable, is not needed, and CUDAJIT_VERBOSE says
   which image each module loaded; cuda_kernel_ptx and cuda_kernel_cubin
   return the images (no cubin fits GPUs newer than sm_9x).  The two
   kernels have different options, so two modules, each with its images.
   Needs an sm_80 or newer GPU (sm_8x runs the sm_80 cubin, sm_90 its
   own, newer ones the compute_90 PTX).  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_80,sm_90" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */
/* { dg-set-target-env-var CUDAJIT_NVRTC_LIBRARY "/nonexistent/libnvrtc.so" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 512

__attribute__ ((cuda_jit)) void
iota (int *x, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = 3 * i + 1;
}

__attribute__ ((cuda_jit ("fastmath"))) void
halves (float *y, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = i * 0.5f;
}

int
main (void)
{
  int x[N];
  float y[N];
  int *dx = cuda_device_array (sizeof x);
  float *dy = cuda_device_array (sizeof y);
  cuda_launch (iota, N / 128, 128) (dx, N);
  cuda_launch (halves, N / 128, 128) (dy, N);
  cuda_copy_to_host (x, dx, sizeof x);
  cuda_copy_to_host (y, dy, sizeof y);
  cuda_free (dx);
  cuda_free (dy);
  int errors = 0;
  for (int i = 0; i < N; i++)
    errors += x[i] != 3 * i + 1 || y[i] != i * 0.5f;
  const char *ptx = cuda_kernel_ptx (iota);
  errors += !ptx || !strstr (ptx, ".entry iota");
  if (cuda_device_properties (0).major <= 9)
    {
      size_t size;
      const unsigned char *cubin = cuda_kernel_cubin (halves, &size);
      errors += !cubin || size < 4 || memcmp (cubin, "\177ELF", 4) != 0;
    }
  printf ("from the images: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "gpu-aot-no-nvrtc.c.cu loaded the ahead-of-time (cubin for sm_\[0-9\]+a?|PTX for compute_\[0-9\]+)\n.*gpu-aot-no-nvrtc.c.cu loaded the ahead-of-time (cubin for sm_\[0-9\]+a?|PTX for compute_\[0-9\]+)\n.*from the images: 0 errors" } */
