/* cuda_threadfence, cuda_threadfence_block and cuda_threadfence_system in
   the "last one sums" reduction of CUDA's threadFenceReduction sample,
   with no barrier between the writers and the reader: each thread writes
   its sum to its block's shared memory, fences at block scope, and takes
   a ticket with cuda_atomic_inc; the thread with the last ticket sums the
   block's, writes that to global memory, fences at device (or system)
   scope, and takes a ticket of the grid; the block with the last one sums
   the blocks'.  The writer's fence makes its sum visible before its
   ticket, and the reader's, after its ticket, keeps its reads after it,
   so the last reader sees every sum.  The tickets wrap back to 0,
   so the counter serves the next launch unchanged.  Checked against the
   sum done on the host, over launches with other data, other grids and
   both fences.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define THREADS 128
#define MAX_BLOCKS 40
#define N 100003

#define LAST_ONE_SUMS(fence)                                                  \
  __attribute__ ((cuda_jit)) void sum_##fence (                               \
      long n, const long x[n], long partials[MAX_BLOCKS],                     \
      unsigned int tickets[1], long total[1])                                 \
  {                                                                           \
    static __attribute__ ((cuda_shared)) long sums[THREADS];                  \
    static __attribute__ ((cuda_shared)) unsigned int arrived[1];             \
    unsigned int t = threadIdx.x;                                             \
    if (t == 0)                                                               \
      arrived[0] = 0;                                                         \
    cuda_syncthreads ();                                                      \
    long s = 0;                                                               \
    for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())             \
      s += x[i];                                                              \
    sums[t] = s;                                                              \
    cuda_threadfence_block ();                                                \
    if (cuda_atomic_inc (&arrived[0], blockDim.x - 1) == blockDim.x - 1)      \
      {                                                                       \
        long block_sum = 0;                                                   \
        cuda_threadfence_block ();                                            \
        for (unsigned int u = 0; u < blockDim.x; u++)                         \
          block_sum += ((volatile long *) sums)[u];                           \
        partials[blockIdx.x] = block_sum;                                     \
        fence ();                                                             \
        if (cuda_atomic_inc (&tickets[0], gridDim.x - 1) == gridDim.x - 1)    \
          {                                                                   \
            long sum = 0;                                                     \
            fence ();                                                         \
            for (unsigned int b = 0; b < gridDim.x; b++)                      \
              sum += ((volatile long *) partials)[b];                         \
            total[0] = sum;                                                   \
          }                                                                   \
      }                                                                       \
  }

LAST_ONE_SUMS (cuda_threadfence)
LAST_ONE_SUMS (cuda_threadfence_system)

int
main (void)
{
  static long x[N], partials[MAX_BLOCKS];
  static const unsigned int no_tickets[1];
  unsigned int *tickets = cuda_to_device (no_tickets, sizeof no_tickets);
  int errors = 0;

  for (int round = 0; round < 6; round++)
    {
      int blocks = round % 2 == 0 ? MAX_BLOCKS : 7 + round;
      long want = 0, total[1] = { -1 };
      unsigned int left[1];
      for (long i = 0; i < N; i++)
        {
          x[i] = (i * 2654435761u + round) % 20001 - 10000;
          want += x[i];
        }
      if (round < 3)
        cuda_launch (sum_cuda_threadfence, blocks, THREADS) (N, x, partials,
                                                              tickets, total);
      else
        cuda_launch (sum_cuda_threadfence_system, blocks, THREADS) (
            N, x, partials, tickets, total);
      cuda_copy_to_host (left, tickets, sizeof left);
      if (total[0] != want || left[0] != 0)
        {
          printf ("round %d: sum %ld, expected %ld; tickets %u\n", round,
                  total[0], want, left[0]);
          errors++;
        }
    }
  cuda_free (tickets);
  printf ("threadfence: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "threadfence: 0 errors" } */
/* { dg-cudajit-levels all } */
