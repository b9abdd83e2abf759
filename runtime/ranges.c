/* SPDX-License-Identifier: MIT */
/* Named ranges of the runtime's work on the host, for Nsight Systems:
   kernels (their wall time on the CPU backend), compilations and the
   copies of host arrays.  Through NVTX 3, which is headers only and
   reaches a tool only when one runs the program and names its library
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
