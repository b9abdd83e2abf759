/* On the CPU backend, a kernel that writes far past the end of device
   memory faults in the guard after it, and the fault is reported as the
   launch's, naming the kernel and its launch, rather than smashing the
   heap that the runtime and the other threads of the pool use.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "2" } */
/* { dg-shouldfail "illegal address" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
write_past (int *out, long n, long past)
{
  long i = cuda_grid_x ();

  if (i < n + past)
    out[i] = (int) i;
}

int
main (void)
{
  long n = 1000, past = 16384;
  int *a = cuda_device_array (n * sizeof (int));
  int *b = cuda_device_array (n * sizeof (int));

  cuda_launch (write_past, (n + past + 127) / 128, 128) (a, n, past);
  cuda_synchronize ();
  cuda_free (a);
  cuda_free (b);
  return 0;
}

/* { dg-output "cudajit: error: kernel 'write_past' launched at \[^\n\]*cpu-fault-past-device-array.c:28: CUDA_ERROR_ILLEGAL_ADDRESS \\(an illegal memory access was encountered\\) at 0x\[0-9a-f\]+ in block \\(\[0-9\]+, 0, 0\\) thread \\(\[0-9\]+, 0, 0\\), code at \[^\n\]*\\+0x\[0-9a-f\]+\n" } */
