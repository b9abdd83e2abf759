/* cuda_reduce's .res must be memory that kernels write: host memory is
   refused with the call's line, on the CPU backend as on a GPU.  */
/* { dg-do run } */
/* { dg-shouldfail "host memory" } */

#include <cudajit.h>

static int
add (int a, int b)
{
  return a + b;
}

int
main (void)
{
  static int a[100];
  int sum;
  cuda_reduce (add, a, 100, .res = &sum);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "run-reduce-res-host.c:19.*cuda_reduce's .res at 0x\[0-9a-f\]+ is host memory" } */
/* { dg-cudajit-levels all } */
