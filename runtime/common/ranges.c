/* SPDX-License-Identifier: MIT */
/* What profilers such as Nsight Systems see of the program: named ranges
   of the runtime's work on the host (the capture range of
   cuda_profile_start and cuda_profile_stop is profiler.c's): kernels (their
   wall time on the CPU backend), compilations and the copies of host arrays.
   Those are through NVTX 3, which is headers only and reaches a tool only
   when one runs the program and names its library
   (NVTX_INJECTION64_PATH), so that a range otherwise costs a call through
   a pointer.  Without NVTX's headers at build time, no ranges.  */

#include "internal.h"
#include "cudajit-config.h"

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
