/* A race in a device function that is not inlined is found with the
   device function's line; threads of a warp ordered by cuda_syncwarp do
   not race.  Without CUDAJIT_ERRORS=return, the races end the program
   after the launch, with their count.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-check-races" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds,races" } */
/* { dg-shouldfail "data races" } */

#include <cudajit.h>
#include <stdio.h>

#define WARP 32

/* Each lane reads the slot that the next lane writes, ordered by the
   warp's barrier.  */
__attribute__ ((cuda_jit)) void
warp_ordered (int *out)
{
  static __attribute__ ((cuda_shared)) int slots[WARP];
  unsigned int lane = threadIdx.x;

  slots[lane] = lane * lane;
  cuda_syncwarp (0xffffffffu);
  out[lane] = slots[(lane + 1) % WARP];
}

__attribute__ ((cuda_device, noinline)) void
bump (int *counter)
{
  *counter = *counter + 1;
}

__attribute__ ((cuda_jit)) void
count_all (int *counter)
{
  bump (counter);
}

int
main (void)
{
  int *out = cuda_device_array (WARP * sizeof (int));
  int got[WARP], failures = 0;

  cuda_launch (warp_ordered, 1, WARP) (out);
  cuda_copy_to_host (got, out, sizeof got);
  for (int lane = 0; lane < WARP; lane++)
    failures += got[lane] != (lane + 1) % WARP * ((lane + 1) % WARP);
  printf ("%d failures\n", failures);
  fflush (stdout);
  cuda_launch (count_all, 2, 8) (out);
  puts ("not reached");
  return 0;
}

/* { dg-output "0 failures\n" } */
/* { dg-output "cudajit: error: kernel 'count_all' launched at \[^\n\]*cpu-check-races-exit.c:53: data race on global memory: thread \\(0, 0, 0\\) of block \\(0, 0, 0\\) writes it at \[^\n\]*cpu-check-races-exit.c:32, and thread \\(1, 0, 0\\) of block \\(0, 0, 0\\) reads it at \[^\n\]*cpu-check-races-exit.c:32, with no cuda_syncthreads between them\n" } */
/* { dg-output "cudajit: error: kernel 'count_all' launched at \[^\n\]*cpu-check-races-exit.c:53: 30 data races found by CUDAJIT_CHECK=races \\(1 pair of lines\\)\n" } */
