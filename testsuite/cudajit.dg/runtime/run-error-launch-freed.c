/* A launch on freed device memory names the argument, on both backends;
   the kernel does not run.  */
/* { dg-do run } */
/* { dg-shouldfail "freed memory" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int *out = cuda_device_array (32 * sizeof (int));
  cuda_free (out);
  cuda_launch (fill, 1, 32) (out);
  cuda_synchronize ();
  puts ("the launch ran");
  return 0;
}

/* { dg-output "cudajit: error: kernel 'fill' launched at \[^\n\]*run-error-launch-freed.c:20: argument 1, 'out', points into device memory from cuda_device_array or cuda_to_device that was freed by cuda_free" } */
/* { dg-cudajit-levels all } */
