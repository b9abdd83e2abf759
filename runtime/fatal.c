/* SPDX-License-Identifier: MIT */
/* Fatal errors: a message, and the end of the program.  */

#include "internal.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
cudajit_write_message (FILE *stream, const struct cudajit_site *site,
                       const char *format, va_list ap)
{
  if (site && site->kernel)
    fprintf (stream, "kernel '%s' launched at %s:%d: ", site->kernel,
             site->file, site->line);
  else if (site && site->file)
    fprintf (stream, "%s:%d: ", site->file, site->line);
  vfprintf (stream, format, ap);
}

void
cudajit_write_line (const char *prefix, const struct cudajit_site *site,
                    const char *format, va_list ap)
{
  char *text = NULL;
  size_t size = 0;
  FILE *line = open_memstream (&text, &size);

  /* Without memory for the line, it goes out in pieces.  */
  if (!line)
    {
      flockfile (stderr);
      fputs (prefix, stderr);
      cudajit_write_message (stderr, site, format, ap);
      fputc ('\n', stderr);
      funlockfile (stderr);
      return;
    }
  fputs (prefix, line);
  cudajit_write_message (line, site, format, ap);
  fputc ('\n', line);
  if (fclose (line) == 0)
    {
      fflush (stderr);
      for (size_t done = 0; done < size;)
        {
          ssize_t n = write (STDERR_FILENO, text + done, size - done);
          if (n < 0 && errno != EINTR)
            break;
          done += n > 0 ? n : 0;
        }
    }
  free (text);
}

_Noreturn void
cudajit_vfatal (const struct cudajit_site *site, const char *format,
                va_list ap)
{
  cudajit_write_line (CUDAJIT_ERROR_PREFIX, site, format, ap);
  exit (1);
}

void
cudajit_fatal (const struct cudajit_site *site, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_vfatal (site, format, ap);
}

void
cudajit_warning (const struct cudajit_site *site, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_write_line (CUDAJIT_WARNING_PREFIX, site, format, ap);
  va_end (ap);
}

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
