/* AddressSanitizer checks the memory that kernels touch on the CPU
   backend, and names the kernel's line of C: a read past the end of a
   host array.  */
/* { dg-do run } */
/* { dg-require-effective-target fsanitize_address } */
/* { dg-options "-O1 -g -fsanitize=address" } */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0:protect_shadow_gap=0" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-shouldfail "heap-buffer-overflow" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
shift_left (int n, float x[n])
{
  int i = cuda_grid_x ();
  x[i] = x[i + 1];
}

int
main (void)
{
  enum
  {
    N = 256
  };
  float *x = calloc (N, sizeof *x);
  cuda_launch (shift_left, 1, N) (N, x);
  free (x);
  return 0;
}

/* { dg-output "ERROR: AddressSanitizer: heap-buffer-overflow.*READ of size 4.*#0 0x\[0-9a-f\]+ in \[^\n\]*shift_left\[^\n\]*sanitize-address-kernel.c:18" } */
