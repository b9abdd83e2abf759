/* cuda_ipc_handle, cuda_ipc_open and cuda_ipc_close between processes:
   the parent fills device memory and passes its handle, in hex, to a
   child that it forks and that execs this program again (a GPU context
   does not survive a fork); the child opens the handle, doubles the
   elements from an offset on with a kernel, closes it and exits; the
   parent checks them against plain C.  Opening in the process that made
   the handle is an error on both backends.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum
{
  n = 50000,
  offset = 1000
};

__attribute__ ((cuda_jit)) void
twice_plus_one (long count, int *x)
{
  long i = cuda_grid_x ();
  if (i < count)
    x[i] = 2 * x[i] + 1;
}

static int
child (const char *hex)
{
  cuda_ipc_handle_t handle;
  for (int i = 0; i < CUDA_IPC_HANDLE_BYTES; i++)
    {
      unsigned int byte;
      if (sscanf (hex + 2 * i, "%2x", &byte) != 1)
        return 2;
      handle.bytes[i] = byte;
    }
  int *x = cuda_ipc_open (handle);
  if (!x)
    return 3;
  cuda_forall (twice_plus_one, n - offset) (n - offset, x);
  cuda_synchronize ();
  cuda_ipc_close (x);
  return cuda_last_error () ? 4 : 0;
}

int
main (int argc, char **argv)
{
  if (argc == 2)
    return child (argv[1]);

  static int host[n], expected[n];
  for (int i = 0; i < n; i++)
    {
      host[i] = (i * 31) % 977 - 400;
      expected[i] = i < offset ? host[i] : 2 * host[i] + 1;
    }
  int *d = cuda_to_device (host, sizeof host);
  cuda_ipc_handle_t handle = cuda_ipc_handle (d + offset);
  int errors = cuda_last_error () != NULL;

  /* Not in the process that made it.  */
  errors += cuda_ipc_open (handle) != NULL;
  const char *refused = cuda_last_error ();
  printf ("%s\n", refused ? refused : "not refused");

  char hex[2 * CUDA_IPC_HANDLE_BYTES + 1];
  for (int i = 0; i < CUDA_IPC_HANDLE_BYTES; i++)
    sprintf (hex + 2 * i, "%02x", handle.bytes[i]);
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      execl ("/proc/self/exe", argv[0], hex, (char *) NULL);
      _exit (5);
    }
  int status;
  waitpid (pid, &status, 0);
  errors += !WIFEXITED (status) || WEXITSTATUS (status) != 0;

  cuda_copy_to_host (host, d, sizeof host);
  for (int i = 0; i < n; i++)
    errors += host[i] != expected[i];
  cuda_free (d);
  printf ("ipc: child status %d, %d errors\n",
          WIFEXITED (status) ? WEXITSTATUS (status) : -1, errors);
  return errors != 0;
}

/* { dg-output "cuda_ipc_open: the handle comes from this process.*ipc: child status 0, 0 errors" } */
/* { dg-cudajit-levels all } */
