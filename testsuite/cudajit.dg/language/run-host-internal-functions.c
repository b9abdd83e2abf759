/* Host code that the C front end turns into calls of GCC's internal
   functions, which have no callee: fallthrough, the overflow builtins and
   __builtin_convertvector.  The plugin once crashed on them in files
   without a kernel; they must compile and behave as without it.
   run-host-internal-functions-c2x.c includes this file with [[fallthrough]],
   and -ubsan.c under -fsanitize=undefined.  */
/* { dg-do run } */
/* { dg-options "-std=gnu11 -Wall -Wimplicit-fallthrough" } */

#include <limits.h>
#include <stdio.h>

#ifndef FALLTHROUGH
#define FALLTHROUGH __attribute__ ((fallthrough))
#endif

static int errors;

#define EXPECT(what, value, expected)                                         \
  do                                                                          \
    if ((value) != (expected))                                                \
      {                                                                       \
        printf ("%s: %lld, not %lld\n", what, (long long) (value),           \
                (long long) (expected));                                      \
        errors++;                                                             \
      }                                                                       \
  while (0)

static int
steps (int v)
{
  int acc = 0;
  switch (v)
    {
    case 2:
      acc += 100;
      FALLTHROUGH;
    case 1:
      acc += 10;
      break;
    default:
      acc = -1;
    }
  return acc;
}

/* The overflow builtins against the exact result in __int128.  */
#define CHECK(OP, EXACT, TA, TB, TR, x, y)                                    \
  do                                                                          \
    {                                                                         \
      TR r;                                                                   \
      __int128 exact = (__int128) (TA) (x) EXACT (__int128) (TB) (y);         \
      int overflow = exact != (__int128) (TR) exact;                          \
      EXPECT (#OP " flag", __builtin_##OP##_overflow ((TA) (x), (TB) (y), &r), \
              overflow);                                                      \
      EXPECT (#OP " value", r, (TR) exact);                                   \
      EXPECT (#OP "_p", __builtin_##OP##_overflow_p ((TA) (x), (TB) (y),      \
                                                     (TR) 0),                 \
              overflow);                                                      \
    }                                                                         \
  while (0)

#define CHECK_OPS(TA, TB, TR, x, y)                                           \
  CHECK (add, +, TA, TB, TR, x, y);                                           \
  CHECK (sub, -, TA, TB, TR, x, y);                                           \
  CHECK (mul, *, TA, TB, TR, x, y)

static const long long values[]
    = { 0, 1, -1, 127, 128, 255, 65535, INT_MAX, INT_MIN, UINT_MAX,
        LLONG_MAX, LLONG_MIN, 3037000500LL };
#define N_VALUES (sizeof values / sizeof values[0])

typedef int v4si __attribute__ ((vector_size (16)));
typedef float v4sf __attribute__ ((vector_size (16)));

int
main (void)
{
  EXPECT ("steps (2)", steps (2), 110);
  EXPECT ("steps (1)", steps (1), 10);
  EXPECT ("steps (0)", steps (0), -1);

  int overflows = 0;
  for (unsigned int i = 0; i < N_VALUES; i++)
    for (unsigned int j = 0; j < N_VALUES; j++)
      {
        long long x = values[i], y = values[j];
        CHECK_OPS (int, int, int, x, y);
        CHECK_OPS (unsigned int, long, signed char, x, y);
        CHECK_OPS (long long, unsigned long long, unsigned short, x, y);
        CHECK_OPS (unsigned long, long, long, x, y);
        CHECK_OPS (long, long, unsigned long long, x, y);
        int r;
        overflows += __builtin_mul_overflow (x, y, &r);
      }

  v4si vi = { 1, -2, 3, 1 << 24 };
  v4sf vf = __builtin_convertvector (vi, v4sf);
  EXPECT ("convertvector", vf[1] == -2.0f && vf[3] == 16777216.0f, 1);

  printf ("host internal functions: %d overflows, %d errors\n", overflows,
          errors);
  return errors != 0 || overflows == 0;
}

/* { dg-output "host internal functions: \[1-9\]\[0-9\]* overflows, 0 errors" } */
/* { dg-cudajit-levels all } */
