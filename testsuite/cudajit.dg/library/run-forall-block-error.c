/* A cuda_forall block beyond what a launch may have ends the program
   with the launch's line, on both backends.  */
/* { dg-do run } */
/* { dg-shouldfail "block too large" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
k (int *p)
{
  p[0] = 1;
}

int
main (void)
{
  int *p = cuda_device_array (sizeof (int));
  cuda_forall (k, 1, .block = 2048) (p);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "run-forall-block-error.c:18.*block \\(2048, 1, 1\\) has more than the 1024 threads" } */
/* { dg-cudajit-levels all } */
