/* GNU statement expressions in kernels: their values, in macros with
   __typeof__, nested, in conditions that evaluate them only when taken,
   with loops, breaks and switches inside, and as statements; against the
   same code on the host.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define MAX(a, b)                                                             \
  ({                                                                          \
    __typeof__ (a) a_ = (a);                                                  \
    __typeof__ (b) b_ = (b);                                                  \
    a_ > b_ ? a_ : b_;                                                        \
  })
#define MIN(a, b)                                                             \
  ({                                                                          \
    __typeof__ (a) a_ = (a);                                                  \
    __typeof__ (b) b_ = (b);                                                  \
    a_ < b_ ? a_ : b_;                                                        \
  })

struct pair
{
  int low, high;
};

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    int v = in[i], evaluated = 0;                                             \
    /* The first divisor of v above 1, found by a loop with a break.  */    \
    int divisor = ({                                                          \
      int d = 2;                                                              \
      for (; d < v; d++)                                                      \
        if (v % d == 0)                                                       \
          break;                                                              \
      d;                                                                      \
    });                                                                       \
    struct pair p = ({                                                        \
      struct pair q = { MIN (v, 50), MAX (MIN (v, 90), 10) };                 \
      q;                                                                      \
    });                                                                       \
    /* Evaluated only where v is odd.  */                                     \
    int odd = v & 1 ? ({                                                      \
      evaluated++;                                                            \
      int r;                                                                  \
      switch (v % 3)                                                          \
        {                                                                     \
        case 0:                                                               \
          r = 30;                                                             \
          break;                                                              \
        default:                                                              \
          r = v % 3;                                                          \
        }                                                                     \
      r;                                                                      \
    })                                                                        \
                    : -1;                                                     \
    ({ out[i] = 0; });                                                        \
    out[i] = divisor + 100 * p.low + 10000 * p.high + 1000000 * odd           \
             + 100000000 * evaluated + MAX (MAX (v, 1.5), 2) / 2;             \
  }
#define PARAMS (int n, const int in[n], long out[n])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 300

int
main (void)
{
  static int in[N];
  static long out[N], expected[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = (i * 37) % 101;
  cuda_launch (kernel, (N + 127) / 128, 128) (N, in, out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, in, expected);
  for (int i = 0; i < N; i++)
    errors += out[i] != expected[i];
  printf ("statement expressions: %d errors, out[7] = %ld\n", errors, out[7]);
  return errors != 0;
}

/* { dg-output "statement expressions: 0 errors, out\\\[7\\\] = 130575031\n" } */
/* { dg-cudajit-levels all } */
