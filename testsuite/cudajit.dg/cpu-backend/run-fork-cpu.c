/* On the CPU backend, a child forked after launches has a pool of threads
   of its own: its launches run, and the parent's still do after the
   fork.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "4" } */

#include <cudajit.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__ ((cuda_jit)) void
square (long *x, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = i * i;
}

/* Launch square over many blocks, so that the pool's threads take part;
   return the number of wrong elements.  */
static int
run_square (void)
{
  enum { n = 100000 };
  static long host[n];
  long *dev = cuda_device_array (sizeof host);
  int errors = 0;

  cuda_launch (square, (n + 63) / 64, 64) (dev, n);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_free (dev);
  for (int i = 0; i < n; i++)
    errors += host[i] != (long) i * i;
  return errors;
}

int
main (void)
{
  int errors = run_square ();
  int status;
  pid_t child;

  fflush (stdout);
  child = fork ();
  if (child < 0)
    return 2;
  if (child == 0)
    {
      /* A child that hangs is killed, and the test fails.  */
      alarm (60);
      errors = run_square () + run_square ();
      printf ("child: %d errors\n", errors);
      return errors != 0;
    }
  errors += run_square ();
  if (waitpid (child, &status, 0) != child || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    errors++;
  printf ("parent: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "child: 0 errors\n" } */
/* { dg-output "parent: 0 errors" } */
/* { dg-cudajit-levels all } */
