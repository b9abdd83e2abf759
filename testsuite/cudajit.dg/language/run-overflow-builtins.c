/* GCC's __builtin_add_overflow, _sub_ and _mul_, and their _p variants, in
   a kernel: operands of mixed sizes and signedness, results of every
   integer type, with and without overflow.  Each result and flag is
   checked against the operation done in __int128 on the host.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>

/* The operand pairs: each thread takes one value of A and one of B.  */
#define VALUES                                                                \
  V (0) V (1) V (-1) V (2) V (-2) V (100) V (127) V (128) V (-128) V (255)    \
  V (256) V (32767) V (-32768) V (65535) V (65536) V (INT_MAX) V (INT_MIN)    \
  V (UINT_MAX) V (3037000499LL) V (-3037000500LL) V (4294967296LL)            \
  V (LLONG_MAX) V (LLONG_MIN) V (LLONG_MAX - 1)

/* Each check: the builtin OP on operands converted to TA and TB, into TR.
   A call's value, the wrapped result, and the overflow flag go to OUT;
   so does the flag of the _p variant.  */
#define OPERAND_TYPES(X, OP, TR)                                              \
  X (OP, int, int, TR)                                                        \
  X (OP, unsigned int, int, TR)                                               \
  X (OP, long, unsigned long, TR)                                             \
  X (OP, unsigned long long, long long, TR)                                   \
  X (OP, signed char, unsigned short, TR)
#define RESULT_TYPES(X, OP)                                                   \
  OPERAND_TYPES (X, OP, signed char)                                          \
  OPERAND_TYPES (X, OP, unsigned char)                                        \
  OPERAND_TYPES (X, OP, short)                                                \
  OPERAND_TYPES (X, OP, unsigned int)                                         \
  OPERAND_TYPES (X, OP, long)                                                 \
  OPERAND_TYPES (X, OP, unsigned long long)
#define CHECKS(X)                                                             \
  RESULT_TYPES (X, add) RESULT_TYPES (X, sub) RESULT_TYPES (X, mul)

#define COUNT_CHECK(OP, TA, TB, TR) +1
#define N_CHECKS (0 CHECKS (COUNT_CHECK))
#define N_OUT (3 * N_CHECKS)

#define KERNEL_CHECK(OP, TA, TB, TR)                                          \
  {                                                                           \
    TR r;                                                                     \
    o[k++] = __builtin_##OP##_overflow ((TA) x, (TB) y, &r);                  \
    o[k++] = (long long) r;                                                   \
    o[k++] = __builtin_##OP##_overflow_p ((TA) x, (TB) y, (TR) 0);            \
  }

__attribute__ ((cuda_jit)) void
overflows (const long long *a, const long long *b, long long *out, int n)
{
  int t = cuda_grid_x ();
  if (t >= n * n)
    return;
  long long x = a[t / n], y = b[t % n];
  long long *o = out + (long) t * N_OUT;
  int k = 0;
  CHECKS (KERNEL_CHECK)
}

/* The reference: the exact result in __int128, which holds all of them,
   and whether TR holds it.  */
#define MIN_OF(T) ((T) -1 < 0 ? -(__int128) 1 << (8 * sizeof (T) - 1) : 0)
#define MAX_OF(T)                                                             \
  ((T) -1 < 0 ? ((__int128) 1 << (8 * sizeof (T) - 1)) - 1                    \
              : ((__int128) 1 << (8 * sizeof (T))) - 1)
#define EXACT_add(p, q) ((p) + (q))
#define EXACT_sub(p, q) ((p) - (q))
#define EXACT_mul(p, q) ((p) * (q))

static long long *ref_out;
static int ref_k;

#define REFERENCE_CHECK(OP, TA, TB, TR)                                       \
  {                                                                           \
    __int128 exact = EXACT_##OP ((__int128) (TA) x, (__int128) (TB) y);       \
    int overflow = exact < MIN_OF (TR) || exact > MAX_OF (TR);                \
    ref_out[ref_k++] = overflow;                                              \
    ref_out[ref_k++] = (long long) (TR) exact;                                \
    ref_out[ref_k++] = overflow;                                              \
  }

static void
reference (long long x, long long y)
{
  CHECKS (REFERENCE_CHECK)
}

#define V(v) (long long) (v),
static const long long values[] = { VALUES };
#undef V
#define N_VALUES ((int) (sizeof values / sizeof values[0]))

int
main (void)
{
  static long long out[N_VALUES * N_VALUES][N_OUT];
  static long long ref[N_VALUES * N_VALUES][N_OUT];
  long long *da = cuda_to_device (values, sizeof values);
  long long *dout = cuda_device_array (sizeof out);
  cuda_launch (overflows, (N_VALUES * N_VALUES + 63) / 64, 64) (
      da, da, dout, N_VALUES);
  cuda_copy_to_host (out, dout, sizeof out);
  for (int i = 0; i < N_VALUES * N_VALUES; i++)
    {
      ref_out = ref[i];
      ref_k = 0;
      reference (values[i / N_VALUES], values[i % N_VALUES]);
    }
  int errors = 0, overflows_seen = 0;
  for (int i = 0; i < N_VALUES * N_VALUES; i++)
    for (int j = 0; j < N_OUT; j++)
      {
        if (out[i][j] != ref[i][j] && errors++ < 10)
          printf ("check %d of %lld and %lld: %lld, not %lld\n", j / 3,
                  values[i / N_VALUES], values[i % N_VALUES], out[i][j],
                  ref[i][j]);
        overflows_seen += j % 3 == 0 && ref[i][j];
      }
  printf ("overflow builtins: %d checks, %d overflow, %d mismatches\n",
          N_VALUES * N_VALUES * N_CHECKS, overflows_seen, errors);
  return errors != 0 || overflows_seen == 0
         || overflows_seen == N_VALUES * N_VALUES * N_CHECKS;
}

/* { dg-output "overflow builtins: \[0-9\]+ checks, \[0-9\]+ overflow, 0 mismatches" } */
/* { dg-cudajit-levels all } */
