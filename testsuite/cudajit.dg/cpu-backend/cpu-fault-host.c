/* A fault outside a kernel is none of the CPU backend's business, once it
   catches those of kernels: it does what it did before, the default
   action or the program's own handler.  Each case runs in a child.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */

#include <cudajit.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the program's own handler exits with.  */
#define OWN_HANDLER_STATUS 3

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[cuda_grid_x ()] = 1;
}

static void
own_handler (int signal)
{
  (void) signal;
  _exit (OWN_HANDLER_STATUS);
}

/* Launch a kernel, then store through a null pointer on the host; with
   OWN, after installing a handler of the program's own.  */
static int
fault_after_launch (int own)
{
  pid_t child;
  int status;

  fflush (stdout);
  child = fork ();
  if (child == 0)
    {
      static int *volatile null;
      int *out;

      if (own)
        signal (SIGSEGV, own_handler);
      out = cuda_device_array (64 * sizeof (int));
      cuda_launch (kernel, 2, 32) (out);
      cuda_synchronize ();
      *null = 1;
      _exit (0);
    }
  waitpid (child, &status, 0);
  return status;
}

int
main (void)
{
  int plain = fault_after_launch (0), own = fault_after_launch (1);

  printf ("default: %s\n", WIFSIGNALED (plain) && WTERMSIG (plain) == SIGSEGV
                               ? "SIGSEGV" : "something else");
  printf ("own handler: %s\n",
          WIFEXITED (own) && WEXITSTATUS (own) == OWN_HANDLER_STATUS
              ? "called" : "not called");
  return 0;
}

/* { dg-output "default: SIGSEGV\nown handler: called" } */
