/* Errors.  Like an uncaught exception in Numba, an error in a kernel
   launch or in the memory API ends the program, with a message that says
   which kernel and which launch it is about; with CUDAJIT_ERRORS=return,
   the call that failed returns instead, and cuda_last_error gives the
   message.  */

#include "internal.h"
#include <assert.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether CUDAJIT_ERRORS=return; set once, at the first error.  The
   environment was checked before, at the first use of the runtime.  */
static bool errors_return;

/* The message of this thread's last error, which cuda_last_error returns;
   freed at the next, or when the thread ends.  */
static pthread_key_t message_key;

/* Whether cuda_last_error has yet to return that message.  */
static __thread bool message_pending;

/* Write the message of an error to STREAM: with KERNEL, it names the
   kernel and its launch at FILE:LINE; with only FILE, it starts with
   FILE:LINE.  */
static void
write_message (FILE *stream, const char *kernel, const char *file, int line,
               const char *format, va_list ap)
{
  if (kernel)
    fprintf (stream, "kernel '%s' launched at %s:%d: ", kernel, file, line);
  else if (file)
    fprintf (stream, "%s:%d: ", file, line);
  vfprintf (stream, format, ap);
}

static _Noreturn void
die (const char *kernel, const char *file, int line, const char *format,
     va_list ap)
{
  flockfile (stderr);
  fputs (CUDAJIT_ERROR_PREFIX, stderr);
  write_message (stderr, kernel, file, line, format, ap);
  fputc ('\n', stderr);
  funlockfile (stderr);
  exit (1);
}

void
cudajit_die (const char *kernel, const char *file, int line,
             const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  die (kernel, file, line, format, ap);
}

static void
read_errors_mode (void)
{
  errors_return = cudajit_environment ()->errors_return;
  if (!errors_return)
    return;
  if (pthread_key_create (&message_key, free) != 0)
    cudajit_die (NULL, NULL, 0, "cannot keep error messages for threads");
}

void
cudajit_fatal (const char *kernel, const char *file, int line,
               const char *format, ...)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  char *message = NULL;
  size_t size;
  FILE *stream;
  va_list ap;

  pthread_once (&once, read_errors_mode);
  va_start (ap, format);
  if (!errors_return)
    die (kernel, file, line, format, ap);
  stream = open_memstream (&message, &size);
  /* Without memory for the message, the error ends the program as it
     would without CUDAJIT_ERRORS.  */
  if (!stream)
    die (kernel, file, line, format, ap);
  write_message (stream, kernel, file, line, format, ap);
  va_end (ap);
  if (fclose (stream) != 0)
    cudajit_die (NULL, NULL, 0, "out of memory for an error message");
  free (pthread_getspecific (message_key));
  pthread_setspecific (message_key, message);
  message_pending = true;
}

const char *
cuda_last_error (void)
{
  if (!message_pending)
    return NULL;
  message_pending = false;
  return pthread_getspecific (message_key);
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
    cudajit_die (NULL, NULL, 0, "out of memory allocating %zu bytes", size);
  return p;
}

void
cudajit_assert_fail (const char *expression, const char *file,
                     unsigned int line, const char *function)
{
  const char *kernel, *launch_file;
  int launch_line;

  /* Host code calls device functions too: there assert is glibc's.  */
  if (!cudajit_cpu_running (&kernel, &launch_file, &launch_line))
    __assert_fail (expression, file, line, function);
  cudajit_die (kernel, launch_file, launch_line,
               "assertion '%s' failed at %s:%u in thread (%u, %u, %u) of "
               "block (%u, %u, %u)",
               expression, file, line, threadIdx.x, threadIdx.y,
               threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z);
}
