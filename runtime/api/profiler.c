/* SPDX-License-Identifier: MIT */
/* The capture range of profilers such as Nsight Systems:
   cuda_profile_start and cuda_profile_stop, through the backend's
   profiler_start and profiler_stop.  */

#include "internal.h"

void
cuda_profile_start (void)
{
  cudajit_backend_ops ()->profiler_start ();
}

void
cuda_profile_stop (void)
{
  cudajit_backend_ops ()->profiler_stop ();
}
