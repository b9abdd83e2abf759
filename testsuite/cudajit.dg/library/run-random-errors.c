/* A negative number of states is an error at the call's line.  */
/* { dg-do run } */
/* { dg-shouldfail "negative count" } */

#include <cudajit.h>
#include <cudajit-random.h>

int
main (int argc, char **argv)
{
  (void) argv;
  cuda_xoroshiro128p_state_t *states
      = cuda_create_xoroshiro128p_states (-argc, 1); /* line 13 */
  return states != NULL;
}

/* { dg-output "cudajit: error: \[^\n\]*run-random-errors.c:13: cuda_create_xoroshiro128p_states: the number of states, -1, is negative" } */
/* { dg-cudajit-levels all } */
