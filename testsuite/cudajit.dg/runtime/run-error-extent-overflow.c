/* An extent that the parameters compute, g[rows * cols], whose signed
   product overflows at a launch with host memory is an error that names
   the kernel, the launch, the argument and why, on the GPU and on the CPU
   backend alike, rather than a copy of what the product wrapped to.  */
/* { dg-do run } */
/* { dg-shouldfail "extent overflows" } */

#include <cudajit.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
scale (int rows, int cols, float g[rows * cols])
{
  long i = cuda_grid_x ();

  if (i < (long) rows * cols)
    g[i] *= 2;
}

int
main (int argc, char **argv)
{
  /* 65537 * 65537 wraps to 131073 in 32 bits.  */
  int rows = argc > 5 ? 2 : 65537;
  float *g = calloc (131073, sizeof (float));

  (void) argv;
  cuda_launch (scale, 1, 32) (rows, rows, g);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: kernel 'scale' launched at \[^\n\]*run-error-extent-overflow.c:28: argument 3, 'g', is host memory, but the extent that its parameter declares overflows at this launch: its computation, or its size in bytes, goes past what its type holds; check the arguments that give the extent" } */
/* { dg-cudajit-levels all } */
