/* SPDX-License-Identifier: MIT */
/* The capture range of a profiler on the CPU backend (profiler.c): none,
   as profilers capture a GPU's work.  */

#include "internal.h"

void
cudajit_cpu_profiler_start (void)
{
}

void
cudajit_cpu_profiler_stop (void)
{
}
