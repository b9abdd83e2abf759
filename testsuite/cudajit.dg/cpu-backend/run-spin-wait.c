/* A thread that spins until another thread of its block sets a flag, as
   a GPU lets it: warp 0 waits for warp 1 through volatile global memory,
   then through a volatile shared array and a do-while; the lanes of each
   warp take a spin lock made of cuda_atomic_cas and cuda_atomic_exch in
   turn; and within one warp, lane 0 waits for lane 5.  The CPU backend
   runs the threads of such a block as fibers, the spinning one letting
   the others run.  */
/* { dg-do run } */
/* A regression would hang: end it.  */
/* { dg-set-target-env-var CUDAJIT_TIMEOUT "60" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 3,
  MAGIC = 42
};

/* Warp 1's first thread writes the data and raises the flag, which warp
   0 waits for in a while loop of nothing.  */
__attribute__ ((cuda_jit)) void
global_flag (volatile int flags[BLOCKS], int data[BLOCKS],
             int out[BLOCKS][THREADS])
{
  int t = threadIdx.x, b = blockIdx.x;

  if (t < 32)
    {
      while (!flags[b])
        ;
      out[b][t] = data[b];
    }
  else if (t == 32)
    {
      data[b] = MAGIC + b;
      cuda_threadfence ();
      flags[b] = 1;
    }
}

/* The same through shared memory, waited for in a do-while.  */
__attribute__ ((cuda_jit)) void
shared_flag (int out[BLOCKS][THREADS])
{
  static __attribute__ ((cuda_shared)) volatile int flag[1];
  static __attribute__ ((cuda_shared)) int data[1];
  int t = threadIdx.x, b = blockIdx.x;

  if (t == 0)
    flag[0] = 0;
  cuda_syncthreads ();
  if (t == THREADS - 1)
    {
      data[0] = MAGIC + b;
      cuda_threadfence_block ();
      flag[0] = 1;
    }
  else if (t < 32)
    {
      int seen;
      do
        seen = flag[0];
      while (!seen);
      cuda_threadfence_block ();
      out[b][t] = data[0];
    }
}

/* The first lane of each warp takes the lock in turn and adds to a
   count that only the lock guards.  */
__attribute__ ((cuda_jit)) void
spin_lock (int locks[BLOCKS], volatile int counts[BLOCKS])
{
  int b = blockIdx.x;

  if (cuda_laneid () == 0)
    {
      while (cuda_atomic_cas (&locks[b], 0, 1) != 0)
        ;
      cuda_threadfence ();
      counts[b] = counts[b] + 1;
      cuda_threadfence ();
      cuda_atomic_exch (&locks[b], 0);
    }
}

/* Within one warp: lane 0 waits for lane 5, which the GPU's independent
   thread scheduling (compute capability 7.0 and later) runs meanwhile.  */
__attribute__ ((cuda_jit)) void
same_warp (volatile int flags[BLOCKS], int out[BLOCKS][THREADS])
{
  int lane = cuda_laneid (), b = blockIdx.x;

  if (threadIdx.x == 0)
    {
      while (flags[b] == 0)
        ;
      out[b][0] = flags[b];
    }
  else if (threadIdx.x == 5)
    flags[b] = MAGIC + b;
  else
    out[b][threadIdx.x] = lane;
}

int
main (void)
{
  static int out[BLOCKS][THREADS], data[BLOCKS], locks[BLOCKS];
  static volatile int flags[BLOCKS], counts[BLOCKS];
  int errors = 0;

  cuda_launch (global_flag, BLOCKS, THREADS) (flags, data, out);
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < 32; t++)
      if (out[b][t] != MAGIC + b && errors++ < 10)
        printf ("global_flag: block %d thread %d read %d\n", b, t,
                out[b][t]);
  cuda_launch (shared_flag, BLOCKS, THREADS) (out);
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < 32; t++)
      if (out[b][t] != MAGIC + b && errors++ < 10)
        printf ("shared_flag: block %d thread %d read %d\n", b, t,
                out[b][t]);
  cuda_launch (spin_lock, BLOCKS, THREADS) (locks, counts);
  for (int b = 0; b < BLOCKS; b++)
    if (counts[b] != THREADS / 32 && errors++ < 10)
      printf ("spin_lock: block %d counted %d\n", b, counts[b]);
  for (int b = 0; b < BLOCKS; b++)
    flags[b] = 0;
  cuda_launch (same_warp, BLOCKS, THREADS) (flags, out);
  for (int b = 0; b < BLOCKS; b++)
    if (out[b][0] != MAGIC + b && errors++ < 10)
      printf ("same_warp: block %d read %d\n", b, out[b][0]);
  printf ("%s\n", errors ? "FAIL" : "spin waits ok");
  return errors != 0;
}

/* { dg-output "spin waits ok" } */
/* { dg-cudajit-levels all } */
