/* SPDX-License-Identifier: MIT */
/* What profilers such as Nsight Systems see of the program: the capture
   range of cuda_profile_start and cuda_profile_stop, through the driver;
   and named ranges of the runtime's work on the host: kernels (their wall
   time on the CPU backend), compilations and the copies of host arrays.
   Those are through NVTX 3, which is headers only and reaches a tool only
   when one runs the program and names its library
   (NVTX_INJECTION64_PATH), so that a range otherwise costs a call through
   a pointer.  Without NVTX's headers at build time, no ranges.  */

#include "internal.h"
#include "cudajit-config.h"

/* Without a GPU, or where the driver lacks them, they do nothing.  */
void
cuda_profile_start (void)
{
  if (cudajit_gpu_p () && cudajit_cu.cuProfilerStart)
    cudajit_check (cudajit_cu.cuProfilerStart (), NULL, "cuda_profile_start");
}

void
cuda_profile_stop (void)
{
  if (cudajit_gpu_p () && cudajit_cu.cuProfilerStop)
    cudajit_check (cudajit_cu.cuProfilerStop (), NULL, "cuda_profile_stop");
}

#ifdef HAVE_NVTX3

#include <nvtx3/nvToolsExt.h>

void
cudajit_range_push (const char *name)
{
  nvtxRangePushA (name);
}

void
cudajit_range_pop (void)
{
  nvtxRangePop ();
}

#else

void
cudajit_range_push (const char *name)
{
  (void) name;
}

void
cudajit_range_pop (void)
{
}

#endif
