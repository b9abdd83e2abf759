/* Many small launches in a row, as a program of small kernels makes
   them: grids of one block to more blocks than the pool has threads,
   each launch following the last at once, so that the pool's threads
   take part in some and come too late for others.  Each block must run
   once a launch, on whichever thread takes it, with the shared memory of
   its own, and a launch must be done when the next one starts.  Checked
   against plain C.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CPU_THREADS "4" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 32,
  MAX_BLOCKS = 96,
  LAUNCHES = 3000
};

static unsigned int
blocks_of (int launch)
{
  return launch * 37 % MAX_BLOCKS + 1;
}

/* Each thread adds to its own element.  */
__attribute__ ((cuda_jit)) void
add_each (int launch, int *out)
{
  long i = cuda_grid_x ();
  out[i] += launch % 7 + 1;
}

/* Each block sums its threads' values in shared memory, then adds the
   sum to its element.  */
__attribute__ ((cuda_jit)) void
add_block_sum (int launch, int *sums)
{
  static __attribute__ ((cuda_shared)) int sum[1];
  if (threadIdx.x == 0)
    sum[0] = 0;
  cuda_syncthreads ();
  cuda_atomic_add (&sum[0], (int) threadIdx.x + launch % 5);
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    sums[blockIdx.x] += sum[0];
}

int
main (void)
{
  static int out[MAX_BLOCKS * THREADS], sums[MAX_BLOCKS],
      expected_out[MAX_BLOCKS * THREADS], expected_sums[MAX_BLOCKS];
  int *d_out = cuda_to_device (out, sizeof out);
  int *d_sums = cuda_to_device (sums, sizeof sums);
  int errors = 0;

  for (int launch = 0; launch < LAUNCHES; launch++)
    {
      unsigned int blocks = blocks_of (launch);
      cuda_launch (add_each, blocks, THREADS) (launch, d_out);
      cuda_launch (add_block_sum, blocks, THREADS) (launch, d_sums);
      for (unsigned int i = 0; i < blocks * THREADS; i++)
        expected_out[i] += launch % 7 + 1;
      for (unsigned int b = 0; b < blocks; b++)
        for (int t = 0; t < THREADS; t++)
          expected_sums[b] += t + launch % 5;
    }
  cuda_copy_to_host (out, d_out, sizeof out);
  cuda_copy_to_host (sums, d_sums, sizeof sums);
  for (int i = 0; i < MAX_BLOCKS * THREADS; i++)
    if (out[i] != expected_out[i] && errors++ < 10)
      printf ("out[%d] = %d, not %d\n", i, out[i], expected_out[i]);
  for (int b = 0; b < MAX_BLOCKS; b++)
    if (sums[b] != expected_sums[b] && errors++ < 10)
      printf ("sums[%d] = %d, not %d\n", b, sums[b], expected_sums[b]);
  if (errors)
    return 1;
  puts ("ok");
  return 0;
}
/* { dg-cudajit-levels all } */
