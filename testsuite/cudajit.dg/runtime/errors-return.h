/* For the tests run-errors-return*.c, under CUDAJIT_ERRORS=return: the
   check that a call reported the error it should, and only it.  */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

/* Whether the last error contains WANTED, and only one error is kept:
   the error is cleared once read.  */
static int
reported (const char *wanted)
{
  const char *error = cuda_last_error ();

  printf ("error: %s\n", error ? error : "(none)");
  return error && strstr (error, wanted) && !cuda_last_error ();
}
