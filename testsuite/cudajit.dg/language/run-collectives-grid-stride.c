/* The block collectives after a grid-stride loop, the usual shape of a
   reduction: each thread's share summed, then the block's total by
   cuda_block_reduce, which thread 0 adds to the result, and each
   thread's exclusive prefix of the shares' counts by
   cuda_block_scan_exclusive.  The values are whole numbers, whose sums
   every order gives alike.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 100003,
  BLOCKS = 7,
  THREADS = 128
};

__attribute__ ((cuda_jit)) void
grid_sum (long n, const float x[n], double *out, int scans[BLOCKS * THREADS])
{
  double acc = 0;
  int count = 0;
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    {
      acc += x[i];
      count++;
    }
  double total = cuda_block_reduce (acc, CUDA_ADD);
  long g = cuda_grid_x ();
  scans[g] = cuda_block_scan_exclusive (count, CUDA_ADD);
  if (threadIdx.x == 0)
    cuda_atomic_add (out, total);
}

int
main (void)
{
  static float x[N];
  static int scans[BLOCKS * THREADS];
  double out = 0, want = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = i % 17;
      want += x[i];
    }
  double *d = cuda_to_device (&out, sizeof out);
  cuda_launch (grid_sum, BLOCKS, THREADS) (N, x, d, scans);
  cuda_copy_to_host (&out, d, sizeof out);
  int errors = out != want;
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0, prefix = 0; t < THREADS; t++)
      {
        int g = b * THREADS + t, count = 0;
        for (long i = g; i < N; i += BLOCKS * THREADS)
          count++;
        errors += scans[g] != prefix;
        prefix += count;
      }
  printf ("%d errors\n", errors);
  cuda_free (d);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
