/* cuda_atomic_*: 64 blocks of 256 threads each apply every operation to
   the same few locations, for every type that has it; the results are
   checked exactly against the same operations done in a plain C loop, and
   the old values that add and exch return must each have been seen once
   (on char and short, which wrap, as often as the values wrap).  On char
   and short the nine locations are neighbours in the same few words.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 64
#define THREADS 256
#define N (BLOCKS * THREADS)

/* Value of thread I, for sub, max and min: negative for half of them.  */
#define VALUE(T, i) ((T) ((i) - N / 2))
#define BIT(T, i) ((T) (1ull << ((i) % (8 * sizeof (T)))))
#define HASH(T, i) ((T) ((unsigned long long) (i) * 0x9e3779b97f4a7c15ull))

/* r[0] += 1, r[1] -= VALUE, r[2] = max, r[3] = min, r[4] = i + 1 by exch,
   r[5] += 1 by a cas loop, r[6] &= ~BIT, r[7] |= BIT, r[8] ^= HASH.  */
#define INTEGER_KERNEL(T, name)                                               \
  __attribute__ ((cuda_jit)) void integer_##name (T *r, T *olds)              \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    T v = VALUE (T, i);                                                       \
    olds[i] = cuda_atomic_add (&r[0], 1);                                     \
    cuda_atomic_sub (&r[1], v);                                               \
    cuda_atomic_max (&r[2], v);                                               \
    cuda_atomic_min (&r[3], v);                                               \
    olds[N + i] = cuda_atomic_exch (&r[4], (T) (i + 1));                      \
    T expected = 0, seen;                                                     \
    while ((seen = cuda_atomic_cas (&r[5], expected, expected + 1))           \
           != expected)                                                       \
      expected = seen;                                                        \
    cuda_atomic_and (&r[6], (T) ~BIT (T, i));                                 \
    cuda_atomic_or (&r[7], BIT (T, i));                                       \
    cuda_atomic_xor (&r[8], HASH (T, i));                                     \
  }

/* r[0] += 1, r[1] -= 1, r[2] = max, r[3] = min, r[4] = i + 1 by exch; max
   and min start from NaN and see a NaN from every 7th thread.  */
#define FLOAT_KERNEL(T, name)                                                 \
  __attribute__ ((cuda_jit)) void float_##name (T *r, T *olds, T nan)         \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    T v = i % 7 == 0 ? nan : VALUE (T, i);                                    \
    olds[i] = cuda_atomic_add (&r[0], 1);                                     \
    cuda_atomic_sub (&r[1], 1);                                               \
    cuda_atomic_max (&r[2], v);                                               \
    cuda_atomic_min (&r[3], v);                                               \
    olds[N + i] = cuda_atomic_exch (&r[4], (T) (i + 1));                      \
  }

INTEGER_KERNEL (char, char)
INTEGER_KERNEL (signed char, schar)
INTEGER_KERNEL (unsigned char, uchar)
INTEGER_KERNEL (short, short)
INTEGER_KERNEL (unsigned short, ushort)
INTEGER_KERNEL (int, int)
INTEGER_KERNEL (unsigned int, uint)
INTEGER_KERNEL (long, long)
INTEGER_KERNEL (unsigned long, ulong)
INTEGER_KERNEL (long long, ll)
INTEGER_KERNEL (unsigned long long, ull)
FLOAT_KERNEL (float, float)
FLOAT_KERNEL (double, double)

static int
compare (const void *a, const void *b)
{
  long long x = *(const long long *) a, y = *(const long long *) b;
  return (x > y) - (x < y);
}

/* Whether A and B hold the same COUNT values, in any order; sorts
   both.  */
static int
same_values (long long *a, long long *b, long count)
{
  qsort (a, count, sizeof *a, compare);
  qsort (b, count, sizeof *b, compare);
  return memcmp (a, b, count * sizeof *a) == 0;
}

/* Runs KERNEL on R, whose COUNT elements start as INIT, and checks the old
   values of add (0 ... N - 1) and of exch with the last value stored
   (0 ... N), as T.  */
#define RUN(T, launch, init, count)                                           \
  T r[count];                                                                 \
  T *dr = cuda_to_device (init, sizeof r);                                    \
  T *dolds = cuda_device_array (2 * N * sizeof (T));                          \
  T *olds = malloc (2 * N * sizeof (T));                                      \
  long long *got = malloc ((N + 1) * sizeof (long long));                     \
  long long *expected = malloc ((N + 1) * sizeof (long long));                \
  if (!olds || !got || !expected)                                             \
    abort ();                                                                 \
  launch;                                                                     \
  cuda_copy_to_host (r, dr, sizeof r);                                        \
  cuda_copy_to_host (olds, dolds, 2 * N * sizeof (T));                        \
  for (long i = 0; i < N; i++)                                                \
    {                                                                         \
      got[i] = olds[i];                                                       \
      expected[i] = (T) i;                                                    \
    }                                                                         \
  errors += !same_values (got, expected, N);                                  \
  for (long i = 0; i <= N; i++)                                               \
    {                                                                         \
      got[i] = i < N ? olds[N + i] : r[4];                                    \
      expected[i] = (T) i;                                                    \
    }                                                                         \
  errors += !same_values (got, expected, N + 1);                              \
  cuda_free (dr);                                                             \
  cuda_free (dolds);                                                          \
  free (olds);                                                                \
  free (got);                                                                 \
  free (expected)

#define CHECK_INTEGER(T, name)                                                \
  static int check_##name (void)                                              \
  {                                                                           \
    T init[9] = { 0, 0, VALUE (T, 0), VALUE (T, 0), 0, 0, (T) ~0ull, 0, 0 };  \
    T want[9];                                                                \
    memcpy (want, init, sizeof want);                                         \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        T v = VALUE (T, i);                                                   \
        want[0] += 1;                                                         \
        want[1] -= v;                                                         \
        want[2] = v > want[2] ? v : want[2];                                  \
        want[3] = v < want[3] ? v : want[3];                                  \
        want[5] += 1;                                                         \
        want[6] &= (T) ~BIT (T, i);                                           \
        want[7] |= BIT (T, i);                                                \
        want[8] ^= HASH (T, i);                                               \
      }                                                                       \
    int errors = 0;                                                           \
    RUN (T, cuda_launch (integer_##name, BLOCKS, THREADS) (dr, dolds), init,  \
         9);                                                                  \
    want[4] = r[4];                                                           \
    errors += memcmp (r, want, sizeof r) != 0;                                \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

#define CHECK_FLOAT(T, name)                                                  \
  static int check_##name (void)                                              \
  {                                                                           \
    T init[5] = { 0, N, NAN, NAN, 0 };                                        \
    T max = -INFINITY, min = INFINITY;                                        \
    for (long i = 0; i < N; i++)                                              \
      if (i % 7 != 0)                                                         \
        {                                                                     \
          max = VALUE (T, i) > max ? VALUE (T, i) : max;                      \
          min = VALUE (T, i) < min ? VALUE (T, i) : min;                      \
        }                                                                     \
    int errors = 0;                                                           \
    RUN (T, cuda_launch (float_##name, BLOCKS, THREADS) (dr, dolds, NAN),     \
         init, 5);                                                            \
    errors += r[0] != N || r[1] != 0 || r[2] != max || r[3] != min;           \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

CHECK_INTEGER (char, char)
CHECK_INTEGER (signed char, schar)
CHECK_INTEGER (unsigned char, uchar)
CHECK_INTEGER (short, short)
CHECK_INTEGER (unsigned short, ushort)
CHECK_INTEGER (int, int)
CHECK_INTEGER (unsigned int, uint)
CHECK_INTEGER (long, long)
CHECK_INTEGER (unsigned long, ulong)
CHECK_INTEGER (long long, ll)
CHECK_INTEGER (unsigned long long, ull)
CHECK_FLOAT (float, float)
CHECK_FLOAT (double, double)

int
main (void)
{
  int errors = (check_char () + check_schar () + check_uchar ()
                + check_short () + check_ushort () + check_int ()
                + check_uint () + check_long () + check_ulong () + check_ll ()
                + check_ull () + check_float () + check_double ());
  printf ("atomics: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "char: 0 errors\n" } */
/* { dg-output "signed char: 0 errors\n" } */
/* { dg-output "unsigned char: 0 errors\n" } */
/* { dg-output "short: 0 errors\n" } */
/* { dg-output "unsigned short: 0 errors\n" } */
/* { dg-output "int: 0 errors\n" } */
/* { dg-output "unsigned int: 0 errors\n" } */
/* { dg-output "long: 0 errors\n" } */
/* { dg-output "unsigned long: 0 errors\n" } */
/* { dg-output "long long: 0 errors\n" } */
/* { dg-output "unsigned long long: 0 errors\n" } */
/* { dg-output "float: 0 errors\n" } */
/* { dg-output "double: 0 errors\n" } */
/* { dg-output "atomics: 0 errors" } */
/* { dg-cudajit-levels all } */
