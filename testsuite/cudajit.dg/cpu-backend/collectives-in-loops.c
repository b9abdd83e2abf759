/* The block and warp scans in a loop, the CPU backend's block function
   cut at them: each round scans the values of that round, not those of
   the thread before's last.  And collectives whose statement does more
   than the call, or whose warp is under a branch, which run as fibers.
   Checked against plain C.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 96,
  BLOCKS = 2,
  N = THREADS * BLOCKS,
  ROUNDS = 4,
  WARP = 32
};

__attribute__ ((cuda_jit)) void
scans (const int in[N], int block[N * ROUNDS], int warp[N * ROUNDS])
{
  long i = cuda_grid_x ();
  int v = in[i];
  for (int round = 0; round < ROUNDS; round++)
    {
      block[i * ROUNDS + round] = cuda_block_scan_exclusive (v, CUDA_ADD);
      int w = cuda_warp_scan_inclusive (v, CUDA_MAX);
      warp[i * ROUNDS + round] = w;
      v = v * 3 % 101 + round;
    }
}

__attribute__ ((cuda_jit)) void
fibers (int in[N], int out[N]) /* { dg-warning "run as fibers" } */
{
  long i = cuda_grid_x ();
  int v = in[i];
  out[i] = cuda_block_reduce (v, CUDA_XOR) + in[i]++; /* { dg-message "warp function" } */
}

int
main (void)
{
  static int in[N], block[N * ROUNDS], warp[N * ROUNDS], out[N], was[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    was[i] = in[i] = (i * 7919) % 97 - 40;
  cuda_launch (scans, BLOCKS, THREADS) (in, block, warp);
  for (int b = 0; b < BLOCKS; b++)
    {
      int v[THREADS];
      for (int t = 0; t < THREADS; t++)
        v[t] = in[b * THREADS + t];
      for (int round = 0; round < ROUNDS; round++)
        {
          int sum = 0, max = 0;
          for (int t = 0; t < THREADS; t++)
            {
              int i = b * THREADS + t;
              max = t % WARP == 0 || v[t] > max ? v[t] : max;
              errors += block[i * ROUNDS + round] != sum;
              errors += warp[i * ROUNDS + round] != max;
              sum += v[t];
            }
          for (int t = 0; t < THREADS; t++)
            v[t] = v[t] * 3 % 101 + round;
        }
    }
  cuda_launch (fibers, BLOCKS, THREADS) (in, out);
  for (int b = 0; b < BLOCKS; b++)
    {
      int all = 0;
      for (int t = 0; t < THREADS; t++)
        all ^= was[b * THREADS + t];
      for (int t = 0; t < THREADS; t++)
        {
          int i = b * THREADS + t;
          errors += out[i] != all + was[i];
          errors += in[i] != was[i] + 1;
        }
    }
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
