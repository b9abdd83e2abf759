/* Compound literals in kernels that the CPU backend cuts at a barrier
   and at a shuffle: of a vector, a structure, a scalar and an array,
   one that a pointer keeps across the barrier, one in a loop, and one
   whose member a compound assignment changes, with an initializer's
   side effect made once: in the CUDA C too, where the front end's tree
   holds the literal twice, in the target and in the value.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  RESULTS = 6
};

struct pair
{
  int x, y;
};

__attribute__ ((cuda_jit)) void
at_barrier (int out[THREADS][RESULTS])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  int t = threadIdx.x, calls = 0;
  cuda_int4 v = (cuda_int4){ 1, 2, 3, t };
  struct pair p = (struct pair){ 1, t };
  float f = (float){ 3 };
  const int *kept = (int[]){ 5, 6, t };
  s[t] = v[3] + p.y + (int) f + (struct pair){ 7, 8 }.y;
  cuda_syncthreads ();
  out[t][0] = s[THREADS - 1 - t];
  out[t][1] = kept[2] + kept[0];
  out[t][2] = (int[]){ 1, 2, 3 }[t % 3];
  out[t][3] = ((struct pair){ 4, t }.y += 2);
  out[t][4] = ((struct pair){ calls++, t }.x += 10);
  out[t][5] = calls + v[0] + p.x;
}

__attribute__ ((cuda_jit)) void
at_shuffle (int out[THREADS][RESULTS])
{
  int t = threadIdx.x;
  cuda_int4 v = (cuda_int4){ 1, 2, 3, t };
  for (int i = 0; i < 2; i++)
    v[i] = cuda_shfl_down_sync (0xffffffff, ((cuda_int4){ 9, 9, 9, t })[3],
                                1)
           + (int){ i };
  struct pair p = (struct pair){ t, -t };
  out[t][0] = v[0];
  out[t][1] = v[1];
  out[t][2] = v[3] + p.y;
  out[t][3] = cuda_shfl_xor_sync (0xffffffff, ((struct pair){ t * 2, 0 }).x,
                                  1);
  out[t][4] = p.x;
  out[t][5] = 0;
}

int
main (void)
{
  static int out[THREADS][RESULTS];
  int errors = 0;

  cuda_launch (at_barrier, 1, THREADS) (out);
  for (int t = 0; t < THREADS; t++)
    {
      int u = THREADS - 1 - t;
      int expected[RESULTS]
          = { u + u + 3 + 8, t + 5, t % 3 + 1, t + 2, 10, 1 + 1 + 1 };
      for (int k = 0; k < RESULTS; k++)
        if (out[t][k] != expected[k] && errors++ < 8)
          printf ("at_barrier: thread %d's %d is %d, not %d\n", t, k,
                  out[t][k], expected[k]);
    }

  cuda_launch (at_shuffle, 1, THREADS) (out);
  for (int t = 0; t < THREADS; t++)
    {
      /* The last lane of a warp reads its own value.  */
      int down = t % 32 == 31 ? t : t + 1;
      int expected[RESULTS] = { down, down + 1, 0, (t ^ 1) * 2, t, 0 };
      for (int k = 0; k < RESULTS; k++)
        if (out[t][k] != expected[k] && errors++ < 8)
          printf ("at_shuffle: thread %d's %d is %d, not %d\n", t, k,
                  out[t][k], expected[k]);
    }

  printf ("compound literals at cuts: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "compound literals at cuts: 0 errors" } */
/* { dg-cudajit-levels all } */
/* { dg-final { scan-cuda-times "calls\\+\\+" 1 } } */
