/* Under CUDAJIT_CHECK=bounds, a kernel that writes past the dynamic
   shared memory that its launch gives (.shared_bytes) is an error that
   names the array, the line and the thread; one within it runs.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */
/* { dg-shouldfail "shared array out of bounds" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
reverse (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int before[4];
  extern __attribute__ ((cuda_shared)) int buffer[];
  unsigned int t = threadIdx.x;
  before[t % 4] = 0;
  buffer[t] = (int) t;
  cuda_syncthreads ();
  out[t] = buffer[blockDim.x - 1 - t] + before[t % 4];
}

int
main (void)
{
  enum
  {
    N = 40
  };
  static int out[N];
  int errors = 0;

  cuda_launch (reverse, 1, N, .shared_bytes = N * sizeof (int)) (N, out);
  for (int t = 0; t < N; t++)
    errors += out[t] != N - 1 - t;
  printf ("within: %d errors\n", errors);
  fflush (stdout);
  cuda_launch (reverse, 1, N, .shared_bytes = (N - 2) * sizeof (int)) (N,
                                                                       out);
  return 0;
}

/* { dg-output "within: 0 errors\n" } */
/* { dg-output "cudajit: error: kernel 'reverse' launched at \[^\n\]*cpu-check-bounds-shared-dynamic.c:39: out-of-bounds access to shared array 'buffer' at \[^\n\]*cpu-check-bounds-shared-dynamic.c:19: 4 bytes at byte 152 of its 152, by thread \\(38, 0, 0\\) of block \\(0, 0, 0\\)\n" } */
