/* The device functions are for the threads of a launch: called from host
   code outside a kernel, each is an error that names it, on either
   backend, rather than a value made up.  Each call runs in a child of its
   own, in turn.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile unsigned int sink;

static void
call (int which)
{
  int pred;

  switch (which)
    {
    case 0: cuda_syncthreads (); break;
    case 1: sink = cuda_shfl_sync (0xffffffff, 1, 0); break;
    case 2: sink = cuda_shfl_down_sync (0xffffffff, 1.0, 1); break;
    case 3: sink = cuda_ballot_sync (0xffffffff, 1); break;
    case 4: sink = cuda_all_sync (0xffffffff, 1); break;
    case 5: sink = cuda_any_sync (0xffffffff, 1); break;
    case 6: sink = cuda_eq_sync (0xffffffff, 1); break;
    case 7: sink = cuda_match_any_sync (0xffffffff, 1L); break;
    case 8: sink = cuda_match_all_sync (0xffffffff, 1u, &pred); break;
    case 9: sink = cuda_activemask (); break;
    case 10: sink = cuda_laneid (); break;
    }
}

#define CALLS 11

int
main (void)
{
  int failed = 0;

  for (int which = 0; which < CALLS; which++)
    {
      int status;
      pid_t child;

      fflush (stdout);
      child = fork ();
      if (child == 0)
        {
          call (which);
          _exit (0);
        }
      waitpid (child, &status, 0);
      failed += WIFEXITED (status) && WEXITSTATUS (status) == 1;
    }
  printf ("%d of %d calls failed\n", failed, CALLS);
  return failed != CALLS;
}

/* { dg-output "cudajit: error: cuda_syncthreads called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_shfl_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_shfl_down_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_ballot_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_all_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_any_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_eq_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_match_any_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_match_all_sync called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_activemask called outside a kernel\[^\n\]*\n" } */
/* { dg-output "cudajit: error: cuda_laneid called outside a kernel\[^\n\]*\n" } */
/* { dg-output "11 of 11 calls failed" } */
