/* Fatal errors.  Like an uncaught exception in Numba, an error in a kernel
   launch or in the memory API ends the program, with a message that says
   which kernel and which launch it is about.  */

#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void
cudajit_fatal (const char *kernel, const char *file, int line,
               const char *format, ...)
{
  va_list ap;

  flockfile (stderr);
  fputs ("cudajit: error: ", stderr);
  if (kernel)
    fprintf (stderr, "kernel '%s' launched at %s:%d: ", kernel, file, line);
  else if (file)
    fprintf (stderr, "%s:%d: ", file, line);
  va_start (ap, format);
  vfprintf (stderr, format, ap);
  va_end (ap);
  fputc ('\n', stderr);
  funlockfile (stderr);
  exit (1);
}

const char *
cudajit_cuda_error (CUresult error)
{
  static __thread char text[256];
  const char *name, *description;

  if (cudajit_cu.cuGetErrorName (error, &name) != CUDA_SUCCESS
      || cudajit_cu.cuGetErrorString (error, &description) != CUDA_SUCCESS)
    snprintf (text, sizeof text, "unknown CUDA error %d", (int) error);
  else
    snprintf (text, sizeof text, "%s (%s)", name, description);
  return text;
}

void *
cudajit_xrealloc (void *p, size_t size)
{
  p = realloc (p, size);
  if (!p)
    cudajit_fatal (NULL, NULL, 0, "out of memory allocating %zu bytes", size);
  return p;
}
