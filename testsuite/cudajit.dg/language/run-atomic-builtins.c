/* GCC's __atomic and __sync builtins in kernels: every form once in one
   thread, on integers of 1, 2, 4 and 8 bytes, checked against the same code
   run as plain C, and the read-modify-write forms from 64 blocks of 256
   threads on the same few locations of 4 and 8 bytes, checked exactly
   (run-atomic-bytes.c has those of 1 and 2 bytes).  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 64
#define THREADS 256
#define N (BLOCKS * THREADS)
#define HASH(T, i) ((T) ((unsigned long long) (i) * 0x9e3779b97f4a7c15ull))

/* Every form in turn on r[0], with what each returns in OUT.  */
#define SEQUENCE_COUNT 38
#define SEQUENCE(T)                                                           \
  {                                                                           \
    int k = 0;                                                                \
    T expected;                                                               \
    r[0] = 5;                                                                 \
    out[k++] = __atomic_fetch_add (r, 3, __ATOMIC_RELAXED);                   \
    out[k++] = __atomic_add_fetch (r, 3, __ATOMIC_SEQ_CST);                   \
    out[k++] = __atomic_fetch_sub (r, 20, __ATOMIC_ACQUIRE);                  \
    out[k++] = __atomic_sub_fetch (r, 1, __ATOMIC_RELEASE);                   \
    out[k++] = __atomic_fetch_and (r, 0x3c, __ATOMIC_ACQ_REL);                \
    out[k++] = __atomic_and_fetch (r, 0x1c, __ATOMIC_RELAXED);                \
    out[k++] = __atomic_fetch_or (r, 0x101, __ATOMIC_RELAXED);                \
    out[k++] = __atomic_or_fetch (r, 0x1000, __ATOMIC_RELAXED);               \
    out[k++] = __atomic_fetch_xor (r, 0xff, __ATOMIC_RELAXED);                \
    out[k++] = __atomic_xor_fetch (r, 0xf0f0, __ATOMIC_RELAXED);              \
    out[k++] = __sync_fetch_and_add (r, 7);                                   \
    out[k++] = __sync_add_and_fetch (r, 7);                                   \
    out[k++] = __sync_fetch_and_sub (r, 2);                                   \
    out[k++] = __sync_sub_and_fetch (r, 0x3000);                              \
    out[k++] = __sync_fetch_and_and (r, ~4);                                  \
    out[k++] = __sync_and_and_fetch (r, ~8);                                  \
    out[k++] = __sync_fetch_and_or (r, 0x10000);                              \
    out[k++] = __sync_or_and_fetch (r, 0x20000);                              \
    out[k++] = __sync_fetch_and_xor (r, 0x30000);                             \
    out[k++] = __sync_xor_and_fetch (r, 0x5);                                 \
    out[k++] = __atomic_fetch_nand (r, 0x3c, __ATOMIC_RELAXED);               \
    out[k++] = __atomic_nand_fetch (r, 0x5a, __ATOMIC_SEQ_CST);               \
    out[k++] = __sync_fetch_and_nand (r, 0x77);                               \
    out[k++] = __sync_nand_and_fetch (r, 0x11);                               \
    out[k++] = __sync_lock_test_and_set (r, 50);                              \
    __sync_lock_release (r);                                                  \
    out[k++] = r[0];                                                          \
    out[k++] = __atomic_exchange_n (r, 42, __ATOMIC_RELAXED);                 \
    out[k++] = __atomic_load_n (r, __ATOMIC_RELAXED);                         \
    __atomic_store_n (r, 43, __ATOMIC_RELAXED);                               \
    out[k++] = r[0];                                                          \
    expected = 43;                                                            \
    out[k++] = __atomic_compare_exchange_n (r, &expected, 44, 0,              \
                                            __ATOMIC_RELAXED,                 \
                                            __ATOMIC_RELAXED);                \
    out[k++] = expected;                                                      \
    out[k++] = __atomic_compare_exchange_n (r, &expected, 45, 1,              \
                                            __ATOMIC_RELAXED,                 \
                                            __ATOMIC_RELAXED);                \
    out[k++] = expected;                                                      \
    out[k++] = __sync_val_compare_and_swap (r, 44, 46);                       \
    out[k++] = __sync_val_compare_and_swap (r, 44, 47);                       \
    out[k++] = __sync_bool_compare_and_swap (r, 46, 48);                      \
    out[k++] = __sync_bool_compare_and_swap (r, 46, 49);                      \
    out[k++] = r[0];                                                          \
  }

/* r[0] and r[1] += 1, returning the old and the new values; r[2] += 1;
   r[3] -= 1; r[4], r[5] and r[6] += 1 by compare-and-swap loops; r[7] ^=
   HASH, by the four forms in turn; r[8] = i + 1 by exchange.  */
#define CONTEND(T)                                                            \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    olds[i] = __atomic_fetch_add (&r[0], 1, __ATOMIC_RELAXED);                \
    olds[N + i] = __atomic_add_fetch (&r[1], 1, __ATOMIC_RELAXED);            \
    __sync_fetch_and_add (&r[2], 1);                                          \
    __sync_sub_and_fetch (&r[3], 1);                                          \
    T expected = 0;                                                           \
    while (!__atomic_compare_exchange_n (&r[4], &expected, expected + 1, 1,   \
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED)) \
      ;                                                                       \
    T old = 0, seen;                                                          \
    while ((seen = __sync_val_compare_and_swap (&r[5], old, old + 1)) != old) \
      old = seen;                                                             \
    do                                                                        \
      old = __atomic_load_n (&r[6], __ATOMIC_RELAXED);                        \
    while (!__sync_bool_compare_and_swap (&r[6], old, old + 1));              \
    if (i % 4 == 0)                                                           \
      __atomic_fetch_xor (&r[7], HASH (T, i), __ATOMIC_RELAXED);              \
    else if (i % 4 == 1)                                                      \
      __atomic_xor_fetch (&r[7], HASH (T, i), __ATOMIC_RELAXED);              \
    else if (i % 4 == 2)                                                      \
      __sync_fetch_and_xor (&r[7], HASH (T, i));                              \
    else                                                                      \
      __sync_xor_and_fetch (&r[7], HASH (T, i));                              \
    olds[2 * N + i] = __atomic_exchange_n (&r[8], i + 1, __ATOMIC_RELAXED);   \
  }

/* The sequence in a kernel and in plain C.  */
#define SEQUENCE_TEST(T, name)                                                \
  __attribute__ ((cuda_jit)) void sequence_##name (T *r, T *out)              \
    SEQUENCE (T)                                                              \
  static void reference_##name (T *r, T *out) SEQUENCE (T)                    \
                                                                              \
  static int sequence_test_##name (void)                                      \
  {                                                                           \
    T r[1], want[SEQUENCE_COUNT], out[SEQUENCE_COUNT];                        \
    T *dr = cuda_device_array (sizeof r);                                     \
    T *dout = cuda_device_array (sizeof out);                                 \
                                                                              \
    reference_##name (r, want);                                               \
    cuda_launch (sequence_##name, 1, 1) (dr, dout);                           \
    cuda_copy_to_host (out, dout, sizeof out);                                \
    cuda_free (dr);                                                           \
    cuda_free (dout);                                                         \
    int errors = memcmp (out, want, sizeof out) != 0;                         \
    printf ("sequence on %s: %d errors\n", #T, errors);                       \
    return errors;                                                            \
  }

#define TEST(T, name)                                                         \
  __attribute__ ((cuda_jit)) void contend_##name (T *r, T *olds) CONTEND (T)  \
                                                                              \
  static int test_##name (void)                                               \
  {                                                                           \
    int errors = 0;                                                           \
    T r[9];                                                                   \
    T *dr = cuda_device_array (sizeof r);                                     \
    T *dout = cuda_device_array (3 * N * sizeof (T));                         \
    T *olds = malloc (3 * N * sizeof (T));                                    \
    long long *values = malloc ((N + 1) * sizeof (long long));                \
    if (!olds || !values)                                                     \
      abort ();                                                               \
                                                                              \
    T init[9] = { 0, 0, 0, N, 0, 0, 0, 0, 0 };                                \
    cuda_copy_to_device (dr, init, sizeof init);                              \
    cuda_launch (contend_##name, BLOCKS, THREADS) (dr, dout);                 \
    cuda_copy_to_host (r, dr, sizeof r);                                      \
    cuda_copy_to_host (olds, dout, 3 * N * sizeof (T));                       \
    T hash = 0;                                                               \
    for (long i = 0; i < N; i++)                                              \
      hash ^= HASH (T, i);                                                    \
    errors += (r[0] != N || r[1] != N || r[2] != N || r[3] != 0               \
               || r[4] != N || r[5] != N || r[6] != N || r[7] != hash);       \
    for (long i = 0; i < N; i++)                                              \
      values[i] = olds[i];                                                    \
    errors += !permutation_p (values, N, 0);                                  \
    for (long i = 0; i < N; i++)                                              \
      values[i] = olds[N + i];                                                \
    errors += !permutation_p (values, N, 1);                                  \
    for (long i = 0; i < N; i++)                                              \
      values[i] = olds[2 * N + i];                                            \
    values[N] = r[8];                                                         \
    errors += !permutation_p (values, N + 1, 0);                              \
                                                                              \
    cuda_free (dr);                                                           \
    cuda_free (dout);                                                         \
    free (olds);                                                              \
    free (values);                                                            \
    printf ("%s: %d errors\n", #T, errors);                                   \
    return errors;                                                            \
  }

/* Whether VALUES[0..COUNT) are FIRST, FIRST + 1, ... FIRST + COUNT - 1 in
   some order.  */
static int
permutation_p (const long long *values, long count, long long first)
{
  char *seen = calloc (count, 1);
  int ok = seen != NULL;
  for (long i = 0; ok && i < count; i++)
    {
      long long k = values[i] - first;
      ok = k >= 0 && k < count && !seen[k];
      if (ok)
        seen[k] = 1;
    }
  free (seen);
  return ok;
}

SEQUENCE_TEST (char, char)
SEQUENCE_TEST (signed char, schar)
SEQUENCE_TEST (unsigned char, uchar)
SEQUENCE_TEST (short, short)
SEQUENCE_TEST (unsigned short, ushort)
SEQUENCE_TEST (int, int)
SEQUENCE_TEST (unsigned int, uint)
SEQUENCE_TEST (long, long)
SEQUENCE_TEST (unsigned long long, ull)
TEST (int, int)
TEST (unsigned int, uint)
TEST (long, long)
TEST (unsigned long long, ull)

int
main (void)
{
  int errors = (sequence_test_char () + sequence_test_schar ()
                + sequence_test_uchar () + sequence_test_short ()
                + sequence_test_ushort () + sequence_test_int ()
                + sequence_test_uint () + sequence_test_long ()
                + sequence_test_ull ());
  errors += test_int () + test_uint () + test_long () + test_ull ();
  printf ("atomic builtins: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "sequence on char: 0 errors\n" } */
/* { dg-output "sequence on signed char: 0 errors\n" } */
/* { dg-output "sequence on unsigned char: 0 errors\n" } */
/* { dg-output "sequence on short: 0 errors\n" } */
/* { dg-output "sequence on unsigned short: 0 errors\n" } */
/* { dg-output "sequence on int: 0 errors\n" } */
/* { dg-output "sequence on unsigned int: 0 errors\n" } */
/* { dg-output "sequence on long: 0 errors\n" } */
/* { dg-output "sequence on unsigned long long: 0 errors\n" } */
/* { dg-output "int: 0 errors\n" } */
/* { dg-output "unsigned int: 0 errors\n" } */
/* { dg-output "long: 0 errors\n" } */
/* { dg-output "unsigned long long: 0 errors\n" } */
/* { dg-output "atomic builtins: 0 errors" } */
/* { dg-cudajit-levels all } */
