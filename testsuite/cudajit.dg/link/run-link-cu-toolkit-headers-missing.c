/* CUDA C that a kernel links includes the CUDA toolkit's headers, but
   CUDA_HOME names a directory without them: on the GPU, the launch is an
   error that names the kernel and the launch's line, the header, says
   that the toolkit's headers were not found, where they were looked for,
   and what to set.  The CPU backend runs the C versions, which need no
   header.  The test's nvrtc check compiles the linked unit against the
   toolkit's headers, which Debian's NVRTC package alone lacks.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_toolkit_headers } */
/* { dg-options "-O2 -I$srcdir/cudajit.dg/link/units/toolkit-include" } */
/* { dg-additional-sources "units/toolkit-headers-c.c" } */
/* { dg-set-target-env-var CUDA_HOME "/nonexistent-cuda-home" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 64
};

extern __attribute__ ((cuda_device)) float half_fma (float x, float y,
                                                     float z);

__attribute__ ((cuda_jit ("link=units/toolkit-headers.cu"))) void
use_half (float *x)
{
  x[threadIdx.x] = half_fma (x[threadIdx.x], 2.0f, 1.0f);
}

int
main (void)
{
  float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = i % 9;
  float *d = cuda_to_device (x, sizeof x);
  cuda_launch (use_half, 1, N) (d);
  const char *error = cuda_last_error ();
  if (error)
    {
      printf ("error: %s\n", error);
      return 0;
    }
  cuda_copy_to_host (x, d, sizeof x);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += x[i] != y[i] * 2.0f + 1.0f + 1.0f;
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "error: kernel 'use_half' launched at \[^\n\]*run-link-cu-toolkit-headers-missing.c:39: NVRTC cannot compile \[^\n\]*: NVRTC cannot find the header <cooperative_groups.h>: the CUDA toolkit's headers were not found \\(looked in \\\$CUDA_HOME/include, /nonexistent-cuda-home/include\\); set CUDA_HOME to the toolkit's directory" { target cuda_gpu } } */
/* { dg-output "0 wrong" { target { ! cuda_gpu } } } */
/* { dg-cudajit-levels all } */
