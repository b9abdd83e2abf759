/* NVRTC's error in CUDA C that a kernel links, compiled at the first
   launch on a GPU, is the launch's error, which names the kernel, the
   launch's line, and the linked file's own line (its #line directive).  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-nvrtc-options "--arch=sm_75" } */
/* { dg-shouldfail "NVRTC cannot compile the linked file" } */

#include <cudajit.h>

extern __attribute__ ((cuda_device)) float arch_twice (float x);

__attribute__ ((cuda_jit ("link=units/arch-mistake.cu"))) void
arch_twice_all (float *x)
{
  x[threadIdx.x] = arch_twice (x[threadIdx.x]);
}

int
main (void)
{
  float *x = cuda_device_array (32 * sizeof (float));
  cuda_memset (x, 0, 32 * sizeof (float));
  cuda_launch (arch_twice_all, 1, 32) (x);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'arch_twice_all' launched at \[^\n\]*run-error-link-cu-jit.c:24: NVRTC cannot compile \[^\n\]*\n(\[^\n\]*\n)*\[^\n\]*units/arch-mistake.cu\\(8\\): error: identifier \"undefined_on_new_gpus\" is undefined" } */
/* { dg-cudajit-levels all } */
