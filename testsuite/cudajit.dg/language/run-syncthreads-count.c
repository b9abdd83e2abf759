/* numba.cuda.syncthreads_count, syncthreads_and and syncthreads_or: a
   barrier that says how many threads of the block gave a nonzero
   predicate, whether all did, whether one did; in blocks of one thread
   too, and in loops, where each barrier counts its own.  Checked against
   plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 96,
  BLOCKS = 4,
  N = THREADS * BLOCKS,
  ROUNDS = 5
};

__attribute__ ((cuda_jit)) void
votes (int blocks, const int in[N], int out[blocks][ROUNDS][3]) /* { dg-warning "run as fibers" } */
{
  for (int round = 0; round < ROUNDS; round++)
    {
      int mine = in[cuda_grid_x ()] % (round + 2) == 0;
      int count = cuda_syncthreads_count (mine); /* { dg-message "a barrier with a result" } */
      int all = cuda_syncthreads_and (mine || round == 0);
      int any = cuda_syncthreads_or (mine && round == ROUNDS - 1);
      if (threadIdx.x == 0)
        {
          out[blockIdx.x][round][0] = count;
          out[blockIdx.x][round][1] = all;
          out[blockIdx.x][round][2] = any;
        }
    }
}

int
main (void)
{
  static int in[N], out[BLOCKS][ROUNDS][3], alone[N][ROUNDS][3];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = (i * 37) % 11;
  cuda_launch (votes, BLOCKS, THREADS) (BLOCKS, in, out);
  cuda_launch (votes, N, 1) (N, in, alone);
  for (int round = 0; round < ROUNDS; round++)
    {
      for (int b = 0; b < BLOCKS; b++)
        {
          int count = 0, all = 1, any = 0;
          for (int t = 0; t < THREADS; t++)
            {
              int mine = in[b * THREADS + t] % (round + 2) == 0;
              count += mine;
              all &= mine || round == 0;
              any |= mine && round == ROUNDS - 1;
            }
          errors += out[b][round][0] != count;
          errors += out[b][round][1] != all;
          errors += out[b][round][2] != any;
        }
      for (int i = 0; i < N; i++)
        {
          int mine = in[i] % (round + 2) == 0;
          errors += alone[i][round][0] != mine;
          errors += alone[i][round][1] != (mine || round == 0);
          errors += alone[i][round][2] != (mine && round == ROUNDS - 1);
        }
    }
  printf ("syncthreads_count: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "syncthreads_count: 0 errors" } */
/* { dg-cudajit-levels all } */
