/* SPDX-License-Identifier: MIT */
/* Errors.  Like an uncaught exception in Numba, an error in a kernel
   launch or in the memory API ends the program, with a message that says
   which kernel and which launch it is about; with CUDAJIT_ERRORS=return,
   the call that failed returns instead, and cuda_last_error gives the
   message.  */

#include "internal.h"
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

/* The errors of this thread that returned.  */
static __thread unsigned int errors_returned;

static void
read_errors_mode (void)
{
  errors_return = cudajit_environment ()->errors_return;
  if (!errors_return)
    return;
  if (pthread_key_create (&message_key, free) != 0)
    cudajit_fatal (NULL, "cannot keep error messages for threads");
}

void
cudajit_error (const struct cudajit_site *site, const char *format, ...)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  char *message = NULL;
  size_t size;
  FILE *stream;
  va_list ap;

  pthread_once (&once, read_errors_mode);
  va_start (ap, format);
  if (!errors_return)
    cudajit_vfatal (site, format, ap);
  stream = open_memstream (&message, &size);
  /* Without memory for the message, the error ends the program as it
     would without CUDAJIT_ERRORS.  */
  if (!stream)
    cudajit_vfatal (site, format, ap);
  cudajit_write_message (stream, site, format, ap);
  va_end (ap);
  if (fclose (stream) != 0)
    cudajit_fatal (NULL, "out of memory for an error message");
  free (pthread_getspecific (message_key));
  pthread_setspecific (message_key, message);
  message_pending = true;
  errors_returned++;
}

unsigned int
cudajit_errors_returned (void)
{
  return errors_returned;
}

const char *
cuda_last_error (void)
{
  if (!message_pending)
    return NULL;
  message_pending = false;
  return pthread_getspecific (message_key);
}
