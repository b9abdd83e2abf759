/* Grid-stride loops, which the CPU backend runs as contiguous shares of
   the indices when the body does not ask which thread runs it: every
   index below the end is visited as often as on a GPU (once in a launch
   of one dimension, once for each thread of the other dimensions in
   others), none beyond it, for ends that are 0, negative, smaller than
   the grid, not a multiple of it, and of another type than the index;
   bodies that read their thread still see the right one.  Where each
   thread must run its own loop (a body that reads its thread, a launch
   of more dimensions, a kernel with barriers), it runs the rows of the
   grid one after another: the same visits, each block its own.  */
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

/* Each block counts its visits in shared memory, between barriers.  */
__attribute__ ((cuda_jit)) void
block_counts (long n, int visits[MAX], int per_block[8])
{
  static __attribute__ ((cuda_shared)) int count[1];
  if (threadIdx.x == 0)
    count[0] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    {
      cuda_atomic_add (&visits[i], 1);
      cuda_atomic_add (&count[0], 1);
    }
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    per_block[blockIdx.x] = count[0];
}

static int visits[MAX], who[MAX], per_block[8];
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
      cuda_launch (block_counts, 8, 48) (ends[e], visits, per_block);
      for (int b = 0; b < 8; b++)
        {
          int expected = 0;
          for (long i = 0; i < ends[e]; i++)
            expected += i % (8 * 48) / 48 == b;
          errors += per_block[b] != expected;
        }
      errors += check_visits (ends[e], 1);
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
/* { dg-cudajit-levels all } */
