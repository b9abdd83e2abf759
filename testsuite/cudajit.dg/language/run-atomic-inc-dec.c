/* cuda_atomic_inc and cuda_atomic_dec, Numba's atomic.inc and dec: 64
   blocks of 256 threads each apply the same wrapping count to a few
   counters, on unsigned int, unsigned long and unsigned long long.  As
   every thread does the same operation on a counter, the old values that
   they get are those of the same count done in a plain C loop, in some
   order, and the final value is the loop's: both are checked.  The
   counters start in and out of their range, and wrap at small and at
   large values (beyond 32 bits for the 64-bit types).  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 64
#define THREADS 256
#define N (BLOCKS * THREADS)
#define COUNTERS 6

/* The wrap values of the counters, and where they start: inc from 0, and
   from above its range; inc near the type's top; dec from 5, from above
   its range, and from 3 down through 0 to near the type's top.  */
#define SMALL(T) ((T) 99)
#define LARGE(T) ((T) ~(T) 0 - 5000)
#define WRAPS(T)                                                              \
  {                                                                           \
    SMALL (T), SMALL (T), LARGE (T), SMALL (T), SMALL (T), LARGE (T)          \
  }
#define STARTS(T)                                                             \
  {                                                                           \
    0, 1000, LARGE (T) - 1000, 5, 1000, 3                                     \
  }
#define DECREMENTS 3

#define KERNEL(T, name)                                                       \
  __attribute__ ((cuda_jit)) void count_##name (T r[COUNTERS],                \
                                                const T wraps[COUNTERS],      \
                                                T olds[COUNTERS][N])          \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    for (int c = 0; c < COUNTERS; c++)                                        \
      olds[c][i] = c < DECREMENTS ? cuda_atomic_inc (&r[c], wraps[c])         \
                                  : cuda_atomic_dec (&r[c], wraps[c]);        \
  }

KERNEL (unsigned int, uint)
KERNEL (unsigned long, ulong)
KERNEL (unsigned long long, ull)

static int
compare (const void *a, const void *b)
{
  unsigned long long x = *(const unsigned long long *) a;
  unsigned long long y = *(const unsigned long long *) b;
  return (x > y) - (x < y);
}

#define CHECK(T, name)                                                        \
  static int check_##name (void)                                              \
  {                                                                           \
    static T olds[COUNTERS][N];                                               \
    static unsigned long long got[N], want[N];                                \
    T wraps[COUNTERS] = WRAPS (T), r[COUNTERS] = STARTS (T);                  \
    int errors = 0;                                                           \
    cuda_launch (count_##name, BLOCKS, THREADS) (r, wraps, olds);             \
    T start[COUNTERS] = STARTS (T);                                           \
    for (int c = 0; c < COUNTERS; c++)                                        \
      {                                                                       \
        T v = start[c], w = wraps[c];                                         \
        for (long i = 0; i < N; i++)                                          \
          {                                                                   \
            want[i] = v;                                                      \
            got[i] = olds[c][i];                                              \
            if (c < DECREMENTS)                                               \
              v = v >= w ? 0 : v + 1;                                         \
            else                                                              \
              v = v == 0 || v > w ? w : v - 1;                                \
          }                                                                   \
        qsort (got, N, sizeof *got, compare);                                 \
        qsort (want, N, sizeof *want, compare);                               \
        if (r[c] != v || memcmp (got, want, sizeof got) != 0)                 \
          {                                                                   \
            printf ("%s counter %d: %llu, expected %llu\n", #T, c,            \
                    (unsigned long long) r[c], (unsigned long long) v);       \
            errors++;                                                         \
          }                                                                   \
      }                                                                       \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

CHECK (unsigned int, uint)
CHECK (unsigned long, ulong)
CHECK (unsigned long long, ull)

int
main (void)
{
  int errors = check_uint () + check_ulong () + check_ull ();
  printf ("inc and dec: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "unsigned int: 0 errors\n" } */
/* { dg-output "unsigned long: 0 errors\n" } */
/* { dg-output "unsigned long long: 0 errors\n" } */
/* { dg-output "inc and dec: 0 errors" } */
/* { dg-cudajit-levels all } */
