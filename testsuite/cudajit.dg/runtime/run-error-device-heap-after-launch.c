/* cuda_set_device_heap after a launch is an error naming the call, on
   both backends: CUDA sizes the heap when a kernel that allocates first
   runs.  */
/* { dg-do run } */
/* { dg-shouldfail "the heap is sized before the first launch" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
allocate (int out[1])
{
  int *p = malloc (sizeof *p);
  *p = 42;
  out[0] = *p;
  free (p);
}

int
main (void)
{
  int out[1];
  cuda_launch (allocate, 1, 1) (out);
  printf ("allocated %d\n", out[0]);
  fflush (stdout);
  cuda_set_device_heap (64 << 20);
  printf ("not reached\n");
  return 0;
}

/* { dg-output "allocated 42\n" } */
/* { dg-output "cudajit: error: cuda_set_device_heap \\(67108864\\) after a kernel's launch: the heap of malloc and free in kernels is sized before the program's first launch" } */
/* { dg-cudajit-levels all } */
