/* <math.h>'s classification and comparison macros in a kernel, in double
   and float, on NaNs, infinities, zeros of both signs, subnormals and
   normals, against the same macros on the host.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

/* Each macro applied to a and b, and to their float values af and bf.  */
#define MACROS(X)                                                             \
  X (isnan (a)) X (isinf (a)) X (isfinite (a)) X (isnormal (a))               \
  X (signbit (a)) X (fpclassify (a)) X (__builtin_isinf_sign (a))             \
  X (isgreater (a, b)) X (isgreaterequal (a, b)) X (isless (a, b))            \
  X (islessequal (a, b)) X (islessgreater (a, b)) X (isunordered (a, b))      \
  X (isnan (af)) X (isinf (af)) X (isfinite (af)) X (isnormal (af))           \
  X (signbit (af)) X (fpclassify (af)) X (__builtin_isinf_sign (af))          \
  X (isgreater (af, bf)) X (isgreaterequal (af, bf)) X (isless (af, bf))      \
  X (islessequal (af, bf)) X (islessgreater (af, bf))                         \
  X (isunordered (af, bf)) X (isless (af, b)) X (isunordered (a, bf))

#define NAME(e) #e,
static const char *const names[] = { MACROS (NAME) };
#define COUNT(e) +1
enum
{
  nmacros = 0 MACROS (COUNT)
};

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n * n)                                                           \
      return;                                                                 \
    double a = in[i / n], b = in[i % n];                                      \
    float af = a, bf = b;                                                     \
    int k = 0;                                                                \
    MACROS (STORE)                                                            \
  }
#define STORE(e) out[i * nmacros + k++] = e;
#define PARAMS (long n, const double in[n], long m, int out[m])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

int
main (void)
{
  static const double in[]
      = { NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, DBL_MIN / 4,
          -DBL_MIN / 4, FLT_MIN / 4, DBL_MIN, FLT_MIN, 1.5, -2.5, FLT_MAX,
          DBL_MAX };
  enum
  {
    n = sizeof in / sizeof *in,
    m = n * n * nmacros
  };
  static int out[m], want[m];
  cuda_launch (kernel, 1, n * n) (n, in, m, out);
  for (reference_index = 0; reference_index < n * n; reference_index++)
    reference (n, in, m, want);
  int errors = 0;
  for (int i = 0; i < m; i++)
    if (out[i] != want[i] && errors++ < 10)
      printf ("%s with a = %g, b = %g: %d, not %d\n", names[i % nmacros],
              in[i / nmacros / n], in[i / nmacros % n], out[i], want[i]);
  printf ("classify: %d macros, %d errors\n", nmacros, errors);
  return errors != 0;
}

/* { dg-output "classify: 28 macros, 0 errors" } */
/* { dg-cudajit-levels all } */
