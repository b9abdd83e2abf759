/* Fatal errors: a message, and the end of the program.  */

#include "internal.h"
#include <stdlib.h>
#include <string.h>

void
cudajit_write_message (FILE *stream, const char *kernel, const char *file,
                       int line, const char *format, va_list ap)
{
  if (kernel)
    fprintf (stream, "kernel '%s' launched at %s:%d: ", kernel, file, line);
  else if (file)
    fprintf (stream, "%s:%d: ", file, line);
  vfprintf (stream, format, ap);
}

_Noreturn void
cudajit_vfatal (const char *kernel, const char *file, int line,
                const char *format, va_list ap)
{
  flockfile (stderr);
  fputs (CUDAJIT_ERROR_PREFIX, stderr);
  cudajit_write_message (stderr, kernel, file, line, format, ap);
  fputc ('\n', stderr);
  funlockfile (stderr);
  exit (1);
}

void
cudajit_fatal (const char *kernel, const char *file, int line,
               const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_vfatal (kernel, file, line, format, ap);
}

void *
cudajit_xrealloc (void *p, size_t size)
{
  p = realloc (p, size);
  if (!p)
    cudajit_fatal (NULL, NULL, 0, "out of memory allocating %zu bytes", size);
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
