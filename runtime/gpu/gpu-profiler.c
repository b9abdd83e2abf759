/* SPDX-License-Identifier: MIT */
/* The capture range of a profiler on the GPU (profiler.c): the driver's,
   where the driver has it.  */

#include "internal.h"

void
cudajit_gpu_profiler_start (void)
{
  if (cudajit_cu.cuProfilerStart)
    cudajit_check (cudajit_cu.cuProfilerStart (), NULL, "cuda_profile_start");
}

void
cudajit_gpu_profiler_stop (void)
{
  if (cudajit_cu.cuProfilerStop)
    cudajit_check (cudajit_cu.cuProfilerStop (), NULL, "cuda_profile_stop");
}
