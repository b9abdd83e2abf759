/* GCC's atomic builtins on 1- and 2-byte integers and on _Bool, which the
   GPU does on the 4-byte word that holds them, from 64 blocks of 256
   threads.  Eight neighbours, at every byte offset of two words (or both
   halves of four), are each updated by every thread at once with another
   operation, so that an update lost to a neighbour's, or one that undoes
   a neighbour's, shows; the results are checked exactly against plain C,
   and the old values that the operations return as multisets.  Then a
   histogram of 13 byte counters, and flags of which exactly one thread
   each must win the test-and-set and the compare-and-swap.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 64
#define THREADS 256
#define N (BLOCKS * THREADS)
#define HASH(T, i) ((T) ((unsigned long long) (i) * 0x9e3779b97f4a7c15ull))
#define BIT(T, i) ((T) (1u << (i) % (8 * sizeof (T))))
/* Nand with all ones flips every bit.  */
#define NAND_INIT 0x5a

/* r[0] += 1 and r[1] -= 1; r[2] |= BIT; r[3] ^= HASH; r[4] nand all ones;
   r[5] = i + 1 by exchange; r[6] and r[7] += 1 by compare-and-swap loops.
   The old values of r[0], r[4] and r[5] go to OLDS.  */
#define CONTEND(T, name)                                                      \
  __attribute__ ((cuda_jit)) void contend_##name (T *r, T *olds)              \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    olds[i] = __atomic_fetch_add (&r[0], 1, __ATOMIC_RELAXED);                \
    if (i % 2)                                                                \
      __sync_sub_and_fetch (&r[1], 1);                                        \
    else                                                                      \
      __atomic_fetch_sub (&r[1], 1, __ATOMIC_RELAXED);                        \
    __atomic_or_fetch (&r[2], BIT (T, i), __ATOMIC_RELAXED);                  \
    __sync_fetch_and_xor (&r[3], HASH (T, i));                                \
    olds[N + i] = __atomic_fetch_nand (&r[4], (T) ~0, __ATOMIC_RELAXED);      \
    olds[2 * N + i] = __atomic_exchange_n (&r[5], i + 1, __ATOMIC_RELAXED);   \
    T expected = 0;                                                           \
    while (!__atomic_compare_exchange_n (&r[6], &expected, expected + 1, 1,   \
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED)) \
      ;                                                                       \
    T old = 0, seen;                                                          \
    while ((seen = __sync_val_compare_and_swap (&r[7], old, old + 1)) != old) \
      old = seen;                                                             \
  }                                                                           \
                                                                              \
  static int check_##name (void)                                              \
  {                                                                           \
    T init[8] = { 0, 0, 0, 0, NAND_INIT, 0, 0, 0 }, want[8], r[8];            \
    T *dr = cuda_to_device (init, sizeof init);                               \
    T *dolds = cuda_device_array (3 * N * sizeof (T));                        \
    T *olds = malloc (3 * N * sizeof (T));                                    \
    long long *got = malloc ((N + 1) * sizeof (long long));                   \
    long long *expected = malloc ((N + 1) * sizeof (long long));              \
    int errors = 0;                                                           \
                                                                              \
    if (!olds || !got || !expected)                                           \
      abort ();                                                               \
    memcpy (want, init, sizeof want);                                         \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        want[0] += 1;                                                         \
        want[1] -= 1;                                                         \
        want[2] |= BIT (T, i);                                                \
        want[3] ^= HASH (T, i);                                               \
        want[4] = ~want[4];                                                   \
        want[6] += 1;                                                         \
        want[7] += 1;                                                         \
      }                                                                       \
    cuda_launch (contend_##name, BLOCKS, THREADS) (dr, dolds);                \
    cuda_copy_to_host (r, dr, sizeof r);                                      \
    cuda_copy_to_host (olds, dolds, 3 * N * sizeof (T));                      \
    want[5] = r[5];                                                           \
    errors += memcmp (r, want, sizeof r) != 0;                                \
    /* Each thread's fetch_add saw another count.  */                         \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        got[i] = olds[i];                                                     \
        expected[i] = (T) i;                                                  \
      }                                                                       \
    errors += !same_values (got, expected, N);                                \
    /* Half of the nands saw the first value, half its complement.  */       \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        got[i] = olds[N + i];                                                 \
        expected[i] = i % 2 ? (T) ~NAND_INIT : (T) NAND_INIT;                 \
      }                                                                       \
    errors += !same_values (got, expected, N);                                \
    /* The exchanges saw every value stored but the last, and the first.  */ \
    for (long i = 0; i < N; i++)                                              \
      {                                                                       \
        got[i] = olds[2 * N + i];                                             \
        expected[i] = (T) (i + 1);                                            \
      }                                                                       \
    got[N] = r[5];                                                            \
    expected[N] = 0;                                                          \
    errors += !same_values (got, expected, N + 1);                            \
    cuda_free (dr);                                                           \
    cuda_free (dolds);                                                        \
    free (olds);                                                              \
    free (got);                                                               \
    free (expected);                                                          \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

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

CONTEND (char, char)
CONTEND (signed char, schar)
CONTEND (unsigned char, uchar)
CONTEND (short, short)
CONTEND (unsigned short, ushort)

#define BINS 13

/* Counters of a byte, mostly updated by the threads of other blocks than
   those that update their neighbours in the same word.  */
__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned int keys[n], unsigned char bins[BINS])
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    if (keys[i] % 2)
      __atomic_add_fetch (&bins[keys[i] / 2 % BINS], 1, __ATOMIC_RELAXED);
    else
      __sync_fetch_and_add (&bins[keys[i] / 2 % BINS], 1);
}

static int
check_histogram (void)
{
  enum
  {
    n = 5 * N
  };
  static unsigned int keys[n];
  unsigned char bins[BINS] = { 0 }, want[BINS] = { 0 };
  int errors;

  for (long i = 0; i < n; i++)
    {
      keys[i] = HASH (unsigned int, i) >> 7;
      want[keys[i] / 2 % BINS]++;
    }
  cuda_launch (histogram, BLOCKS, THREADS) (n, keys, bins);
  errors = memcmp (bins, want, sizeof bins) != 0;
  printf ("histogram: %d errors\n", errors);
  return errors;
}

#define FLAGS 64

/* Flag i % FLAGS of each thread, by test-and-set in SET and by
   compare-and-swap in SWAPPED; the winners count in WINS.  */
__attribute__ ((cuda_jit)) void
flags (bool set[FLAGS], bool swapped[FLAGS], unsigned int wins[2 * FLAGS])
{
  long i = cuda_grid_x ();
  bool expected = false;
  if (!__atomic_test_and_set (&set[i % FLAGS], __ATOMIC_RELAXED))
    __atomic_fetch_add (&wins[i % FLAGS], 1, __ATOMIC_RELAXED);
  if (__atomic_compare_exchange_n (&swapped[i % FLAGS], &expected, true, 0,
                                   __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    __atomic_fetch_add (&wins[FLAGS + i % FLAGS], 1, __ATOMIC_RELAXED);
}

/* The other builtins on _Bool, in one thread, each result in OUT.  */
__attribute__ ((cuda_jit)) void
bool_sequence (bool b[1], bool out[12])
{
  int k = 0;
  bool expected = true;
  out[k++] = __atomic_test_and_set (b, __ATOMIC_RELAXED);
  out[k++] = __atomic_test_and_set (b, __ATOMIC_RELAXED);
  __atomic_clear (b, __ATOMIC_RELAXED);
  out[k++] = __atomic_load_n (b, __ATOMIC_RELAXED);
  out[k++] = __atomic_exchange_n (b, true, __ATOMIC_RELAXED);
  out[k++] = __atomic_compare_exchange_n (b, &expected, false, 0,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  out[k++] = __atomic_compare_exchange_n (b, &expected, true, 1,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  out[k++] = expected;
  out[k++] = __sync_val_compare_and_swap (b, false, true);
  out[k++] = __sync_bool_compare_and_swap (b, false, true);
  out[k++] = __sync_lock_test_and_set (b, false);
  __atomic_store_n (b, true, __ATOMIC_RELAXED);
  out[k++] = *b;
  __sync_lock_release (b);
  out[k++] = *b;
}

static int
check_flags (void)
{
  static bool set[FLAGS], swapped[FLAGS];
  static unsigned int wins[2 * FLAGS];
  bool b, out[12];
  static const bool want[12] = { false, true,  false, false, true, false,
                                 false, false, false, true,  true, false };
  int errors = 0;

  cuda_launch (flags, BLOCKS, THREADS) (set, swapped, wins);
  for (int f = 0; f < FLAGS; f++)
    errors += !set[f] || !swapped[f] || wins[f] != 1 || wins[FLAGS + f] != 1;
  b = false;
  cuda_launch (bool_sequence, 1, 1) (&b, out);
  errors += memcmp (out, want, sizeof out) != 0;
  printf ("flags: %d errors\n", errors);
  return errors;
}

int
main (void)
{
  int errors = (check_char () + check_schar () + check_uchar ()
                + check_short () + check_ushort () + check_histogram ()
                + check_flags ());
  printf ("atomics on bytes: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "char: 0 errors\n" } */
/* { dg-output "signed char: 0 errors\n" } */
/* { dg-output "unsigned char: 0 errors\n" } */
/* { dg-output "short: 0 errors\n" } */
/* { dg-output "unsigned short: 0 errors\n" } */
/* { dg-output "histogram: 0 errors\n" } */
/* { dg-output "flags: 0 errors\n" } */
/* { dg-output "atomics on bytes: 0 errors" } */
/* { dg-cudajit-levels all } */
