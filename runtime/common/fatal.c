/* SPDX-License-Identifier: MIT */
/* Fatal errors: a message, and the end of the program.  */

#include "internal.h"
#include <errno.h>
#include <stdlib.h>
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
cudajit_report (const char *prefix, const struct cudajit_site *site,
                const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_write_line (prefix, site, format, ap);
  va_end (ap);
}
