/* Truth values converted to a wider or unsigned type before arithmetic:
   GCC folds (unsigned long long) (a < b) into a comparison of that type,
   which the CUDA C must convert, as CUDA C++'s bool would compute a
   shift by 40 or a complement in an int (the SIMT fuzzer's seeds 28,
   413, 654, 700 and 987 on the GPU).  Each result compared with the
   same expression in plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 64,
  RESULTS = 6
};

#define EXPRESSIONS(a, b, s)                                                  \
  {                                                                           \
    (unsigned long long) ((a) < (b)) << (s),                                  \
    (unsigned long long) ((a) > (b)) ^ ~0ull,                                 \
    (unsigned long long) ((unsigned int) ((a) == (b)) - 2u),                  \
    (unsigned long long) ((long long) ((a) != (b)) * -1LL << ((s) - 8)),      \
    -(unsigned long long) ((a) && (b)),                                       \
    (unsigned long long) !(a) << ((s) + 1)                                    \
  }

__attribute__ ((cuda_jit)) void
truths (const unsigned in[N], unsigned long long out[N][RESULTS])
{
  unsigned i = threadIdx.x;
  unsigned a = in[i], b = in[(i + 1) % N], s = 32 + i % 24;
  unsigned long long r[RESULTS] = EXPRESSIONS (a, b, s);
  for (int k = 0; k < RESULTS; k++)
    out[i][k] = r[k];
}

int
main (void)
{
  static unsigned in[N];
  static unsigned long long out[N][RESULTS];
  int wrong = 0;
  for (unsigned i = 0; i < N; i++)
    in[i] = i % 5 == 0 ? 0 : (i * 2654435761u) % 7;
  cuda_launch (truths, 1, N) (in, out);
  cuda_synchronize ();
  for (unsigned i = 0; i < N; i++)
    {
      unsigned a = in[i], b = in[(i + 1) % N], s = 32 + i % 24;
      unsigned long long want[RESULTS] = EXPRESSIONS (a, b, s);
      for (int k = 0; k < RESULTS; k++)
        if (out[i][k] != want[k] && wrong++ < 10)
          printf ("thread %u, expression %d: %#llx, not %#llx\n", i, k,
                  out[i][k], want[k]);
    }
  printf ("typed truth values: %d wrong\n", wrong);
  return wrong != 0;
}

/* The comparison keeps its type in the CUDA C.  */
/* { dg-final { scan-cuda "\\(\\(unsigned long long\\) \\(\\(a < b\\)\\)\\) << " } } */
/* { dg-output "typed truth values: 0 wrong" } */
/* { dg-cudajit-levels all } */
