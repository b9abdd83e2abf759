/* SPDX-License-Identifier: MIT */
/* What the C versions of kernels read on the CPU backend (cudajit.h,
   cudajit-atomics.h): the built-in variables of the thread that runs,
   and how its block runs; and the runner of the thread, which the
   runtime's own code for kernels reads.  cpu-execution.c sets them for
   each block and thread; cpu-fault.c reads them to name the thread that
   faults.  */

#include "cpu-backend.h"

__thread cuda_uint3 threadIdx;
__thread cuda_uint3 blockIdx;
__thread cuda_dim3 blockDim;
__thread cuda_dim3 gridDim;
__thread int cudajit_one_thread;
__thread int cudajit_cpu_alone;
__thread uintptr_t cudajit_cpu_shared;
__thread size_t cudajit_cpu_shared_bytes;
__thread int cudajit_cpu_check_shared;
__thread struct runner *cudajit_cpu_current;

struct runner *
cudajit_kernel_runner (const char *function)
{
  if (!cudajit_cpu_current)
    cudajit_fatal (NULL,
                   "%s called outside a kernel: it is for the threads of a "
                   "launch",
                   function);
  return cudajit_cpu_current;
}
