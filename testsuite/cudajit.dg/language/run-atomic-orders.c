/* GCC's __atomic builtins with their memory orders in a kernel: each
   thread publishes a value with a release store, and reads another
   thread's flag with an acquire load, which, where it finds the flag set,
   makes that thread's value visible; the test never waits for a flag, so
   that it runs on the CPU backend, whose blocks run one after the other.
   Counters in every order and a maximum by compare-and-swap are checked
   against plain C, and the CUDA C against the memory orders it must
   pass on.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>

#define BLOCKS 32
#define THREADS 128
#define N (BLOCKS * THREADS)
#define VALUE(i) ((int) ((i) * 7 + 1))
#define HASH(i) ((int) (((unsigned) (i) * 2654435761u) >> 2))
/* Another thread, in another block mostly.  */
#define OTHER(i) (((i) * 97 + 13) % N)

__attribute__ ((cuda_jit)) void
kernel (long n, int value[n], int flag[n], int bad[n],
        unsigned long long sums[4], int max[1])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  value[i] = VALUE (i);
  __atomic_store_n (&flag[i], 1, __ATOMIC_RELEASE);
  long j = OTHER (i);
  bad[i] = (__atomic_load_n (&flag[j], __ATOMIC_ACQUIRE)
            && value[j] != VALUE (j));
  __atomic_fetch_add (&sums[0], i, __ATOMIC_RELAXED);
  __atomic_fetch_add (&sums[1], i, __ATOMIC_ACQ_REL);
  __atomic_add_fetch (&sums[2], i, __ATOMIC_SEQ_CST);
  __atomic_fetch_sub (&sums[3], i, __ATOMIC_RELEASE);
  int v = HASH (i), old = __atomic_load_n (max, __ATOMIC_RELAXED);
  while (old < v
         && !__atomic_compare_exchange_n (max, &old, v, 1, __ATOMIC_ACQ_REL,
                                          __ATOMIC_ACQUIRE))
    ;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
}

/* { dg-final { scan-cuda "cudajit_atomic_store_4 \\(\[^;\]*, 3\\)" } } */
/* { dg-final { scan-cuda "cudajit_atomic_load_4 \\(\[^;\]*, 2\\)" } } */
/* { dg-final { scan-cuda "cudajit_atomic_compare_exchange_4 \\(\[^;\]*, 4, 2\\)" } } */
/* { dg-final { scan-cuda "cudajit_atomic_thread_fence \\(5\\)" } } */

int
main (void)
{
  static int value[N], flag[N], bad[N];
  unsigned long long sums[4] = { 0, 0, 0, 0 }, want = 0;
  int max[1] = { 0 }, want_max = 0, errors = 0;

  cuda_launch (kernel, BLOCKS, THREADS) (N, value, flag, bad, sums, max);
  for (long i = 0; i < N; i++)
    {
      want += i;
      want_max = HASH (i) > want_max ? HASH (i) : want_max;
      if ((bad[i] || flag[i] != 1 || value[i] != VALUE (i)) && errors++ < 10)
        printf ("thread %ld: flag %d, value %d, saw %ld's value wrong: %d\n",
                i, flag[i], value[i], (long) OTHER (i), bad[i]);
    }
  for (int k = 0; k < 3; k++)
    if (sums[k] != want && errors++ < 10)
      printf ("sum %d: %llu, not %llu\n", k, sums[k], want);
  if (sums[3] != 0 - want && errors++ < 10)
    printf ("difference: %llu, not %llu\n", sums[3], 0 - want);
  if (*max != want_max && errors++ < 10)
    printf ("maximum: %d, not %d\n", *max, want_max);
  printf ("atomic orders: %d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
