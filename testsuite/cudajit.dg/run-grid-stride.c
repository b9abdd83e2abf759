/* Grid-stride loops, which the CPU backend runs as contiguous shares of
   the indices when the body does not ask which thread runs it: every
   index below the end is visited as often as on a GPU (once in a launch
   of one dimension, once for each thread of the other dimensions in
   others), none beyond it, for ends that are 0, negative, smaller than
   the grid, not a multiple of it, and of another type than the index;
   bodies that read their thread still see the right one.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  MAX = 5000
};

__attribute__ ((cuda_jit)) void
count_visits (long n, int visits[MAX])
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&visits[i], 1);
}

/* The index declared outside the loop, an int end, a continue.  */
__attribute__ ((cuda_jit)) void
squares (int n, long out[MAX])
{
  int i;
  for (i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    {
      if (i % 7 == 3)
        continue;
      out[i] = (long) i * i;
    }
}

/* A body that reads its thread: each index knows who visited it.  */
__attribute__ ((cuda_jit)) void
visitors (long n, int out[MAX])
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = threadIdx.x + 1000 * blockIdx.x;
}

static int visits[MAX], who[MAX];
static long squared[MAX];

static int
check_visits (long n, int times)
{
  int errors = 0;
  for (long i = 0; i < MAX; i++)
    errors += visits[i] != (i < n ? times : 0);
  memset (visits, 0, sizeof visits);
  return errors;
}

int
main (void)
{
  static const long ends[] = { 0, -5, 1, 37, 640, 641, 4999, MAX };
  int errors = 0;

  for (unsigned int e = 0; e < sizeof ends / sizeof *ends; e++)
    {
      cuda_launch (count_visits, 5, 64) (ends[e], visits);
      errors += check_visits (ends[e], 1);
      cuda_launch (count_visits, 7, 1) (ends[e], visits);
      errors += check_visits (ends[e], 1);
      cuda_launch (count_visits, cuda_dim3 (3, 2), cuda_dim3 (32, 3))
          (ends[e], visits);
      errors += check_visits (ends[e], 6);
    }

  memset (squared, -1, sizeof squared);
  cuda_launch (squares, 4, 100) (4321, squared);
  for (long i = 0; i < MAX; i++)
    errors += squared[i] != (i < 4321 && i % 7 != 3 ? i * i : -1);

  cuda_launch (visitors, 6, 32) (MAX, who);
  for (long i = 0; i < MAX; i++)
    errors += who[i] != i % 32 + 1000 * (i / 32 % 6);

  printf ("grid-stride loops: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "grid-stride loops: 0 errors" } */
