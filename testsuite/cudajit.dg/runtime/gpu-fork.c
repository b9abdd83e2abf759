/* A child forked after the GPU was used cannot use it: its first call is
   an error that says so, rather than a hang or a crash.  The parent goes
   on using the GPU.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */

#include <cudajit.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__ ((cuda_jit)) void
iota (int *x, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = i;
}

/* Launch iota; return the number of wrong elements.  */
static int
run_iota (void)
{
  int host[256];
  int *dev = cuda_device_array (sizeof host);
  int errors = 0;

  cuda_launch (iota, 2, 128) (dev, 256);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  for (int i = 0; i < 256; i++)
    errors += host[i] != i;
  return errors;
}

int
main (void)
{
  int errors, status;
  pid_t child;

  /* One stream for both, so that whatever reads them sees the child's
     error before the parent's result.  */
  dup2 (STDOUT_FILENO, STDERR_FILENO);
  errors = run_iota ();
  fflush (stdout);
  child = fork ();
  if (child < 0)
    return 2;
  if (child == 0)
    {
      /* A child that hangs is killed, and the test fails.  */
      alarm (60);
      run_iota ();
      printf ("child: the GPU worked\n");
      return 0;
    }
  if (waitpid (child, &status, 0) != child || !WIFEXITED (status)
      || WEXITSTATUS (status) != 1)
    errors++;
  errors += run_iota ();
  printf ("fork: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "cudajit: error: CUDA cannot be used in a process forked after it was initialized\[^\n\]*\n" } */
/* { dg-output "fork: 0 errors" } */
