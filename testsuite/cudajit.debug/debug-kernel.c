/* The kernels that debug.exp debugs on the CPU backend: with gdb, breaking
   in them by name and at a line for one thread, and under valgrind.  */

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

/* Each block's part of X, reversed through shared memory: its threads
   wait for each other, which at -O2 cuts its block function at the
   barrier.  */
enum
{
  THREADS = 32
};

__attribute__ ((cuda_jit)) void
reverse (float x[])
{
  static __attribute__ ((cuda_shared)) float part[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  part[t] = x[i];
  cuda_syncthreads ();
  float mirrored = part[THREADS - 1 - t];
  x[i] = mirrored; /* debug.exp stops here, after the barrier.  */
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
  cuda_launch (scale, 2, THREADS) (N, x, 3);
  cuda_launch (reverse, 2, THREADS) (x);
  cuda_launch (reverse, 2, THREADS) (x);
  cuda_copy_to_host (host, x, N * sizeof *host);
  /* With an argument, a kernel reads past the end of a host array, which
     its count overstates.  */
  if (argc > 1)
    cuda_launch (scale, 3, THREADS) (N + 8, host, 3);
  printf ("host[37] = %g\n", host[37]);
  cuda_free (x);
  free (host);
  return 0;
}
