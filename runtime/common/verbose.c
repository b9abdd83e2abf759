/* SPDX-License-Identifier: MIT */
/* CUDAJIT_VERBOSE: a line on stderr for each thing the runtime does on
   its own, to say what happens: the backend chosen, each compilation,
   each block size that cuda_forall chooses, each host array copied.  */

#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

bool
cudajit_verbose_p (void)
{
  return cudajit_environment ()->verbose;
}

void
cudajit_verbose (const char *format, ...)
{
  va_list ap;

  if (!cudajit_verbose_p ())
    return;
  va_start (ap, format);
  cudajit_write_line (CUDAJIT_VERBOSE_PREFIX, NULL, format, ap);
  va_end (ap);
}
