/* SPDX-License-Identifier: MIT */
/* CUDAJIT_CHECK=warps: the warp functions that a kernel calls as CUDA
   leaves undefined, which compute-sanitizer's synccheck finds on a GPU:
   a shuffle from a lane outside its mask or one that does not run (the
   reduction of cuda-samples' reduce7), a mask without the calling lane.
   Each thread runs the kernel as written, as a fiber, and its warp
   functions meet in cudajit_release_warp (cpu-execution.c), which knows
   what each lane asks for; the host version of the kernel tells each
   call's line (cudajit_warp_at).  The first such call of a launch is
   reported at its end, the launch having run on with the lane's own
   value.  */

#include "cpu-backend.h"

#include <stdarg.h>
#include <stdio.h>

/* Room for the report.  */
#define REPORT_BYTES 512

static struct
{
  /* The launch checked, or null.  */
  const struct job *job;
  /* Whether a call was recorded, and what it did.  */
  bool found;
  char report[REPORT_BYTES];
} check;

void
cudajit_warp_check_begin (const struct job *job)
{
  check.job = job;
  check.found = false;
}

void
cudajit_warp_violation (const struct runner *r, unsigned int thread,
                        const char *function, const char *where,
                        const char *format, ...)
{
  int written;
  va_list ap;

  if (check.found || r->job != check.job)
    return;
  check.found = true;
  written = snprintf (check.report, sizeof check.report,
                      "%s%s%s, in lane %u of warp %u of block (%u, %u, %u), ",
                      function, where ? " at " : "", where ? where : "",
                      thread % CUDAJIT_WARP_SIZE, thread / CUDAJIT_WARP_SIZE,
                      blockIdx.x, blockIdx.y, blockIdx.z);
  if (written < 0 || (size_t) written >= sizeof check.report)
    return;
  va_start (ap, format);
  vsnprintf (check.report + written, sizeof check.report - written, format,
             ap);
  va_end (ap);
}

void
cudajit_warp_check_end (void)
{
  const struct job *job = check.job;

  check.job = NULL;
  if (check.found)
    cudajit_error (&job->site, "%s", check.report);
}
