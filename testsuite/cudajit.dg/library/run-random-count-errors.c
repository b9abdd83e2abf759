/* A number of states that is negative, whose bytes do not fit size_t, or
   that no memory holds, is an error that names the call and its line,
   and with CUDAJIT_ERRORS=return the call returns null.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <cudajit-random.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Whether the call at LINE returned STATES null and its error says
   WANTED after the call's file:line.  */
static int
refused (cuda_xoroshiro128p_state_t *states, int line, const char *wanted)
{
  const char *error = cuda_last_error ();
  char where[512];

  printf ("error: %s\n", error ? error : "(none)");
  snprintf (where, sizeof where, "%s:%d: cuda_create_xoroshiro128p_states: ",
            __FILE__, line);
  return (!states && error && strstr (error, where)
          && strstr (error, wanted));
}

int
main (void)
{
  int errors = 0;
  int line = __LINE__ + 1;
  cuda_xoroshiro128p_state_t *states = cuda_create_xoroshiro128p_states (-1, 1);
  errors += !refused (states, line, "the number of states, -1, is negative");

  line = __LINE__ + 1;
  states = cuda_create_xoroshiro128p_states (LONG_MAX, 1);
  errors += !refused (states, line,
                      "states of 16 bytes are more bytes than size_t holds");

  /* 2^62 bytes, more than any memory.  */
  line = __LINE__ + 1;
  states = cuda_create_xoroshiro128p_states (1L << 58, 1);
  errors += !refused (states, line,
                      "out of host memory allocating 4611686018427387904 "
                      "bytes for 288230376151711744 states");

  states = cuda_create_xoroshiro128p_states (4, 1);
  errors += states == NULL || cuda_last_error () != NULL;
  cuda_free (states);
  return errors;
}
/* { dg-cudajit-levels all } */
