/* CUDAJIT_CHECK=races says, once, of a kernel compiled without
   -fplugin-arg-cudajit-check-races that it does not check it, and the
   kernel runs as it would without the check.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "races" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
count (int *counter)
{
  cuda_atomic_add (counter, 1);
}

int
main (void)
{
  int *counter = cuda_device_array (sizeof (int)), total;

  cuda_memset (counter, 0, sizeof (int));
  for (int i = 0; i < 3; i++)
    cuda_launch (count, 2, 32) (counter);
  cuda_copy_to_host (&total, counter, sizeof total);
  printf ("%d\n", total);
  return total != 3 * 2 * 32;
}

/* { dg-output "^cudajit: warning: kernel 'count' launched at \[^\n\]*cpu-check-races-unchecked.c:24: CUDAJIT_CHECK=races does not check this kernel: compile it with -fplugin-arg-cudajit-check-races\n" } */
/* { dg-output "192\n$" } */
