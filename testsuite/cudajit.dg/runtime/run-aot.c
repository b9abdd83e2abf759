/* A program whose kernels were compiled ahead of time
   (-fplugin-arg-cudajit-arch) runs where NVRTC cannot be found: on the
   CPU backend, which never needs it, and on a GPU that the images fit
   (sm_8x and sm_90 run the cubins, newer GPUs the PTX), which loads the
   image rather than NVRTC; cuda_kernel_ptx and cuda_kernel_cubin return
   the images.  The kernels have two sets of options, so two modules,
   each with its images.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_80,sm_90" } */
/* { dg-require-effective-target nvrtc } */
/* { dg-set-target-env-var CUDAJIT_NVRTC_LIBRARY "/nonexistent/libnvrtc.so" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 1000

__attribute__ ((cuda_jit)) void
affine (float *x, int n, float a, float b)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = a * x[i] + b;
}

__attribute__ ((cuda_jit ("fastmath"))) void
squares (long long *y, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    y[i] = (long long) i * i - 7 * i;
}

int
main (void)
{
  static float x[N];
  static long long y[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    x[i] = i * 0.5f;
  float *dx = cuda_device_array (sizeof x);
  long long *dy = cuda_device_array (sizeof y);
  cuda_copy_to_device (dx, x, sizeof x);
  cuda_launch (affine, (N + 127) / 128, 128) (dx, N, 3.0f, -2.0f);
  cuda_launch (squares, (N + 127) / 128, 128) (dy, N);
  cuda_copy_to_host (x, dx, sizeof x);
  cuda_copy_to_host (y, dy, sizeof y);
  cuda_free (dx);
  cuda_free (dy);
  for (int i = 0; i < N; i++)
    {
      errors += x[i] != 3.0f * (i * 0.5f) - 2.0f;
      errors += y[i] != (long long) i * i - 7 * i;
    }
  /* The images, without NVRTC; a GPU newer than sm_9x has no cubin.  */
  const char *ptx = cuda_kernel_ptx (affine);
  errors += !ptx || !strstr (ptx, ".entry affine");
  if (!cuda_is_available () || cuda_device_properties (0).major <= 9)
    {
      size_t size;
      const unsigned char *cubin = cuda_kernel_cubin (squares, &size);
      errors += !cubin || size < 4 || memcmp (cubin, "\177ELF", 4) != 0;
    }
  printf ("ahead of time: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "ahead of time: 0 errors" } */
/* { dg-final { inspect "" "(^|\n)run-aot.c: image sm_90 \\(fastmath\\)(\n|$)" } } */
/* { dg-cudajit-levels all } */
