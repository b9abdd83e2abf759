/* cuda_atomic_add on _Float16, CUDA's atomicAdd on __half: each block
   sums its threads' values in shared memory, and every thread adds to a
   total in global memory, at an address that is not a 4-byte word's,
   against the sums computed in plain C.  The values are quarters small
   enough that every partial sum is exact in _Float16, so that the order
   of the additions does not change the result.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>
#include <stdio.h>

#define BLOCKS 4
#define THREADS 64
#define VALUE(i) ((_Float16) (((i) * 37 % 9 - 4) * 0.25))

__attribute__ ((cuda_jit)) void
kernel (_Float16 block[BLOCKS], _Float16 total[2],
        _Float16 olds[BLOCKS * THREADS])
{
  static __attribute__ ((cuda_shared)) _Float16 sum[1];
  long i = cuda_grid_x ();
  if (threadIdx.x == 0)
    sum[0] = 0;
  cuda_syncthreads ();
  cuda_atomic_add (&sum[0], VALUE (i));
  olds[i] = cuda_atomic_add (&total[1], VALUE (i));
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    block[blockIdx.x] = sum[0];
}

/* { dg-final { scan-cuda "cudajit_atomic_add_half \\(" } } */

int
main (void)
{
  static _Float16 block[BLOCKS], total[2], olds[BLOCKS * THREADS];
  _Float16 all = 0, first = 1.5;
  int errors = 0;

  total[1] = first;
  cuda_launch (kernel, BLOCKS, THREADS) (block, total, olds);
  for (int b = 0; b < BLOCKS; b++)
    {
      _Float16 want = 0;
      for (int i = b * THREADS; i < (b + 1) * THREADS; i++)
        want += VALUE (i);
      if (block[b] != want && errors++ < 10)
        printf ("block %d: %g, not %g\n", b, (double) block[b],
                (double) want);
      all += want;
    }
  if (total[1] != first + all || total[0] != 0)
    {
      printf ("total: %g, not %g\n", (double) total[1], (double) (first + all));
      errors++;
    }
  /* Each old value is the total before one addition, after another
     or the first: so the first is one of them, and each plus its
     addition is another or the last.  */
  for (int i = 0; i < BLOCKS * THREADS; i++)
    {
      int before = olds[i] == first, after = olds[i] + VALUE (i) == total[1];
      for (int j = 0; j < BLOCKS * THREADS; j++)
        {
          before |= olds[j] + VALUE (j) == olds[i];
          after |= olds[j] == olds[i] + VALUE (i);
        }
      if ((!before || !after) && errors++ < 10)
        printf ("old %d: %g comes from no addition or leads to none\n", i,
                (double) olds[i]);
    }
  printf ("half atomics: %d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
