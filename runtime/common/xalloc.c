/* SPDX-License-Identifier: MIT */
/* The runtime's own allocations, which end the program when memory runs
   out (fatal.c) rather than return null to every caller.  */

#include "internal.h"
#include <stdlib.h>
#include <string.h>

void *
cudajit_xrealloc (void *p, size_t size)
{
  p = realloc (p, size);
  if (!p)
    cudajit_fatal (NULL, "out of memory allocating %zu bytes", size);
  return p;
}

/* TEXT, which may be null, with MORE appended.  */
char *
cudajit_append (char *text, const char *more)
{
  size_t length = text ? strlen (text) : 0, extra = strlen (more) + 1;

  text = cudajit_xrealloc (text, length + extra);
  memcpy (text + length, more, extra);
  return text;
}
