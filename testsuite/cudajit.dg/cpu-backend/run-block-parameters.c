/* Kernels that change their parameters, each thread its own copy, as in
   C: a pointer moved to the thread's element, a count decremented, both
   in a grid-stride loop, in blocks of one and two dimensions.  On the
   CPU backend the loops over a block's threads give each thread its own
   parameters again.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  N = 300
};

__attribute__ ((cuda_jit)) void
shift (int n, int out[n])
{
  out += cuda_grid_x ();
  n -= 1;
  *out = n;
}

__attribute__ ((cuda_jit)) void
count_down (long n, int step, int out[N])
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    {
      out[i] = step;
      step += 2;
    }
}

__attribute__ ((cuda_jit)) void
plane (int width, int out[N])
{
  int *row = out + cuda_grid_y () * width;
  width = cuda_grid_x ();
  row[width] = width + 1000 * cuda_grid_y ();
}

int
main (void)
{
  static int out[N], expected[N];
  int errors = 0;

  cuda_launch (shift, 3, 100) (N, out);
  for (int i = 0; i < N; i++)
    errors += out[i] != N - 1;

  memset (out, 0, sizeof out);
  memset (expected, 0, sizeof expected);
  cuda_launch (count_down, 2, 32) (N - 7, 5, out);
  for (int thread = 0; thread < 64; thread++)
    {
      int step = 5;
      for (long i = thread; i < N - 7; i += 64)
        {
          expected[i] = step;
          step += 2;
        }
    }
  errors += memcmp (out, expected, sizeof out) != 0;

  memset (out, 0, sizeof out);
  cuda_launch (plane, cuda_dim3 (2, 3), cuda_dim3 (10, 5)) (20, out);
  for (int y = 0; y < 15; y++)
    for (int x = 0; x < 20; x++)
      errors += out[y * 20 + x] != x + 1000 * y;

  printf ("parameters: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "parameters: 0 errors" } */
/* { dg-cudajit-levels all } */
