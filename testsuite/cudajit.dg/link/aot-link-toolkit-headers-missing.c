/* CUDA C that a kernel links includes the CUDA toolkit's headers, but
   CUDA_HOME names a directory without them: compiled ahead of time
   (-fplugin-arg-cudajit-arch), NVRTC's error is at the line of the
   include, and a note names the header, says that the toolkit's headers
   were not found, where they were looked for, and what to set.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_90 -I$srcdir/cudajit.dg/link/units/toolkit-include" } */
/* { dg-set-compiler-env-var CUDA_HOME "/nonexistent-cuda-home" } */
/* { dg-require-effective-target nvrtc } */

#include <cudajit.h>

extern __attribute__ ((cuda_device)) float half_fma (float x, float y,
                                                     float z);

__attribute__ ((cuda_jit ("link=units/toolkit-headers.cu"))) void
use_half (float *x)
{
  x[threadIdx.x] = half_fma (x[threadIdx.x], 2.0f, 1.0f);
}

/* { dg-error "units/toolkit-headers.cu:6:\[0-9\]+: error: \[^\n\]*open source file \"cooperative_groups.h\"" "" { target *-*-* } 0 } */
/* { dg-message "NVRTC cannot find the header <cooperative_groups.h>: the CUDA toolkit's headers were not found \\(looked in \\\$CUDA_HOME/include, /nonexistent-cuda-home/include\\); set CUDA_HOME to the toolkit's directory" "" { target *-*-* } 0 } */
/* { dg-bogus "a bug of the cudajit plugin" "" { target *-*-* } 0 } */
