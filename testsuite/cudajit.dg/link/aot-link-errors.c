/* NVRTC's errors in CUDA C that a kernel links (cuda_jit ("link=FILE")),
   compiled ahead of time (-fplugin-arg-cudajit-arch), are the user's:
   each is an error at its line of the linked file or of the header that
   it includes, once, not the plugin's bug.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cudajit-arch=sm_80,sm_90" } */
/* { dg-require-effective-target nvrtc } */

#include <cudajit.h>

extern __attribute__ ((cuda_device)) float mistaken_twice (float);

__attribute__ ((cuda_jit ("link=units/link-mistakes.cu"))) void
twice_all (float *x)
{
  x[threadIdx.x] = mistaken_twice (x[threadIdx.x]);
}

/* { dg-error "units/link-mistakes.cu:8:18: error: identifier \"undefined_thing\" is undefined" "" { target *-*-* } 0 } */
/* { dg-error "units/link-mistakes.h:5:10: error: identifier \"not_declared_here\" is undefined" "" { target *-*-* } 0 } */
/* { dg-message "NVRTC compiles the CUDA C that kernels of this unit link with them ahead of time, for 'sm_80'" "" { target *-*-* } 0 } */
/* { dg-bogus "a bug of the cudajit plugin" "" { target *-*-* } 0 } */
/* { dg-bogus "for 'sm_90'" "" { target *-*-* } 0 } */
