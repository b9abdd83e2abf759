/* cuda_atomic_nanmax and cuda_atomic_nanmin, Numba's atomic.nanmax and
   nanmin, which treat a NaN as missing: first one thread's sequence,
   whose every result is known, then 64 blocks of 256 threads on one
   location that starts as NaN, every 7th thread giving a NaN, whose
   result is the largest (smallest) of the other values and whose every
   old value is the NaN or one of the values; on float and double, and on
   int and unsigned long long, where they are max and min.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

#define BLOCKS 64
#define THREADS 256
#define N (BLOCKS * THREADS)
#define STEPS 5

/* Thread I's value, each of -N / 2 ... N / 2 - 1 once; on an unsigned
   type, those below 0 wrap.  */
#define VALUE(T, i) ((T) (((i) * 7919L) % N - N / 2))

/* One thread: from NaN, nanmax with 3, NaN, 2, 4, NaN; and nanmin with
   the same.  OLDS gets the old values, R the last.  */
#define SEQUENCE_KERNEL(T, name)                                              \
  __attribute__ ((cuda_jit)) void sequence_##name (T r[2], T olds[2][STEPS],  \
                                                   T nan)                     \
  {                                                                           \
    T v[STEPS] = { 3, nan, 2, 4, nan };                                       \
    for (int k = 0; k < STEPS; k++)                                           \
      {                                                                       \
        olds[0][k] = cuda_atomic_nanmax (&r[0], v[k]);                        \
        olds[1][k] = cuda_atomic_nanmin (&r[1], v[k]);                        \
      }                                                                       \
  }

#define MANY_KERNEL(T, name)                                                  \
  __attribute__ ((cuda_jit)) void many_##name (T r[2], T olds[2][N], T nan)   \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    T v = i % 7 == 0 ? nan : VALUE (T, i);                                    \
    olds[0][i] = cuda_atomic_nanmax (&r[0], v);                               \
    olds[1][i] = cuda_atomic_nanmin (&r[1], v);                               \
  }

SEQUENCE_KERNEL (float, float)
SEQUENCE_KERNEL (double, double)
MANY_KERNEL (float, float)
MANY_KERNEL (double, double)
MANY_KERNEL (int, int)
MANY_KERNEL (unsigned long long, ull)

/* Whether X is the same as Y, NaN as NaN.  */
#define SAME(x, y) ((isnan (x) && isnan (y)) || (x) == (y))

/* Whether OLD can be an old value of the many threads: the NaN they
   start from, or one of their values, which are the integers in
   -N / 2 ... N / 2 - 1, on the right side of the final R.  */
#define POSSIBLE_OLD(old, r, is_max)                                          \
  (isnan (old)                                                                \
   || ((is_max ? (old) <= (r) : (old) >= (r)) && (old) == (long) (old)        \
       && (old) >= -N / 2 && (old) < N / 2))

/* The largest and smallest values of the threads that give no NaN.  */
#define EXPECTED(T)                                                           \
  T max = VALUE (T, 1), min = VALUE (T, 1);                                   \
  for (long i = 0; i < N; i++)                                                \
    if (i % 7 != 0)                                                           \
      {                                                                       \
        max = VALUE (T, i) > max ? VALUE (T, i) : max;                        \
        min = VALUE (T, i) < min ? VALUE (T, i) : min;                        \
      }

#define CHECK_FLOAT(T, name)                                                  \
  static int check_##name (void)                                              \
  {                                                                           \
    static T olds[2][N];                                                      \
    T r[2] = { NAN, NAN };                                                    \
    int errors = 0;                                                           \
    EXPECTED (T);                                                             \
    cuda_launch (many_##name, BLOCKS, THREADS) (r, olds, (T) NAN);            \
    errors += r[0] != max || r[1] != min;                                     \
    for (long i = 0; i < N; i++)                                              \
      errors += (!POSSIBLE_OLD (olds[0][i], max, 1)                           \
                 || !POSSIBLE_OLD (olds[1][i], min, 0));                      \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

/* On integers, where the threads that give a NaN above give 0: from 0
   and from the type's largest value TOP.  */
#define CHECK_INTEGER(T, name, top)                                           \
  static int check_##name (void)                                              \
  {                                                                           \
    static T olds[2][N];                                                      \
    T r[2] = { 0, top }, max = 0, min = top;                                  \
    int errors = 0;                                                           \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        T v = i % 7 == 0 ? 0 : VALUE (T, i);                                  \
        max = v > max ? v : max;                                              \
        min = v < min ? v : min;                                              \
      }                                                                       \
    cuda_launch (many_##name, BLOCKS, THREADS) (r, olds, 0);                  \
    errors += r[0] != max || r[1] != min;                                     \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

CHECK_FLOAT (float, float)
CHECK_FLOAT (double, double)
CHECK_INTEGER (int, int, INT_MAX)
CHECK_INTEGER (unsigned long long, ull, ULLONG_MAX)

#define CHECK_SEQUENCE(T, name)                                               \
  static int check_sequence_##name (void)                                     \
  {                                                                           \
    T r[2] = { NAN, NAN }, olds[2][STEPS];                                    \
    T old_max[STEPS] = { NAN, 3, 3, 3, 4 };                                   \
    T old_min[STEPS] = { NAN, 3, 3, 2, 2 };                                   \
    int errors = 0;                                                           \
    cuda_launch (sequence_##name, 1, 1) (r, olds, (T) NAN);                   \
    errors += r[0] != 4 || r[1] != 2;                                         \
    for (int k = 0; k < STEPS; k++)                                           \
      errors += !SAME (olds[0][k], old_max[k])                                \
                || !SAME (olds[1][k], old_min[k]);                            \
    printf ("%s sequence: %d errors\n", #T, errors);                          \
    return errors;                                                            \
  }

CHECK_SEQUENCE (float, float)
CHECK_SEQUENCE (double, double)

int
main (void)
{
  int errors = (check_sequence_float () + check_sequence_double ()
                + check_float () + check_double () + check_int ()
                + check_ull ());
  printf ("nanmax and nanmin: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "float sequence: 0 errors\n" } */
/* { dg-output "double sequence: 0 errors\n" } */
/* { dg-output "float: 0 errors\n" } */
/* { dg-output "double: 0 errors\n" } */
/* { dg-output "int: 0 errors\n" } */
/* { dg-output "unsigned long long: 0 errors\n" } */
/* { dg-output "nanmax and nanmin: 0 errors" } */
/* { dg-cudajit-levels all } */
