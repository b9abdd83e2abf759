/* cuda_trap, CUDA's __trap: the program ends with an error that names the
   kernel and its launch, and the thread that trapped: on the CPU backend
   in the error; on a GPU in a line of its own that the GPU prints, which
   the error may precede or follow, or the program's end cut short.  */
/* { dg-do run } */
/* { dg-shouldfail "a thread traps" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_device)) static void
check (long i, const int *values, int limit)
{
  if (values[i] >= limit)
    cuda_trap ();
}

__attribute__ ((cuda_jit)) void
trap_kernel (long n, int values[n], int limit)
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  check (i, values, limit);
  values[i] = -values[i];
}

int
main (void)
{
  enum
  {
    n = 64
  };
  int values[n];
  for (int i = 0; i < n; i++)
    values[i] = i % 7;
  /* No thread traps.  */
  cuda_launch (trap_kernel, 2, 32) (n, values, 7);
  printf ("first launch: %d\n", values[6]);
  fflush (stdout);
  values[37] = 100;
  cuda_launch (trap_kernel, 2, 32) (n, values, 7); /* Launch line 43.  */
  cuda_synchronize ();
  printf ("not reached\n");
  return 0;
}

/* { dg-output "first launch: -6\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'trap_kernel' launched at \[^\n\]*run-trap.c:43: cuda_trap in thread \\(5, 0, 0\\) of block \\(1, 0, 0\\)" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'trap_kernel' launched at \[^\n\]*run-trap.c:43: CUDA_ERROR_" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
