/* Under CUDAJIT_CHECK=bounds, a kernel that reads past the end of a
   shared array is an error that names the kernel, its launch, the
   array, the line and the thread, rather than reading whatever lies
   after it in the block's shared memory.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */
/* { dg-shouldfail "shared array out of bounds" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  ROWS = 8
};

__attribute__ ((cuda_jit)) void
shift (const int in[THREADS], int out[THREADS], int by)
{
  static __attribute__ ((cuda_shared)) int tile[THREADS];
  static __attribute__ ((cuda_shared)) int grid[ROWS][THREADS / ROWS];
  unsigned int t = threadIdx.x;
  tile[t] = in[t];
  grid[t / ROWS][t % ROWS] = -in[t];
  cuda_syncthreads ();
  out[t] = tile[t + by] + grid[0][t];
}

int
main (void)
{
  static int in[THREADS], out[THREADS];
  int errors = 0;

  for (int t = 0; t < THREADS; t++)
    in[t] = t * 3;
  /* Within both: grid[0][t] is within grid, if not within its row.  */
  cuda_launch (shift, 1, THREADS) (in, out, 0);
  for (int t = 0; t < THREADS; t++)
    errors += out[t] != 0;
  printf ("within: %d errors\n", errors);
  fflush (stdout);
  cuda_launch (shift, 1, THREADS) (in, out, 1);
  return 0;
}

/* { dg-output "within: 0 errors\n" } */
/* { dg-output "cudajit: error: kernel 'shift' launched at \[^\n\]*cpu-check-bounds-shared.c:45: out-of-bounds access to shared array 'tile' at \[^\n\]*cpu-check-bounds-shared.c:28: 4 bytes at byte 256 of its 256, by thread \\(63, 0, 0\\) of block \\(0, 0, 0\\)\n" } */
