/* A device function with a shared array, called from host code, has no
   block to share it with: an error that names the array, as the device
   API's functions are outside a kernel.  */
/* { dg-do run } */
/* { dg-shouldfail "shared array outside a kernel" } */

#include <cudajit.h>

__attribute__ ((cuda_device)) int
keep (int v)
{
  static __attribute__ ((cuda_shared)) int kept[32];
  kept[threadIdx.x % 32] = v;
  return kept[0];
}

__attribute__ ((cuda_jit)) void
kernel (int out[32])
{
  out[threadIdx.x] = keep ((int) threadIdx.x);
}

int
main (void)
{
  int out[32];
  cuda_launch (kernel, 1, 32) (out);
  return keep (out[0]);
}

/* { dg-output "cudajit: error: shared variable 'kept' used outside a kernel: it is the memory of a block of a launch" } */
