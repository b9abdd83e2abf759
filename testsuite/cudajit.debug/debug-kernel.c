/* The kernel that debug.exp debugs on the CPU backend: with gdb, breaking
   in it by name and at a line for one thread, and under valgrind.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
scale (int n, float x[n], float factor)
{
  int i = cuda_grid_x ();
  float scaled = factor * x[i];
  if (i < n)
    x[i] = scaled; /* debug.exp breaks here.  */
}

int
main (int argc, char **argv)
{
  enum
  {
    N = 64
  };
  float *host = malloc (N * sizeof *host);
  for (int i = 0; i < N; i++)
    host[i] = i;
  float *x = cuda_to_device (host, N * sizeof *host);
  cuda_launch (scale, 2, 32) (N, x, 3);
  cuda_copy_to_host (host, x, N * sizeof *host);
  /* With an argument, a kernel reads past the end of a host array, which
     its count overstates.  */
  if (argc > 1)
    cuda_launch (scale, 3, 32) (N + 8, host, 3);
  printf ("host[37] = %g\n", host[37]);
  cuda_free (x);
  free (host);
  return 0;
}
