/* The comparison of a warp-matrix test's result with plain C's, which
   run-wmma-f16.c and wmma-shapes.h share.  */

#include <math.h>

/* Whether GOT is the plain C's EXPECTED: to the bit on the CPU backend,
   else within ROUNDINGS errors of EPSILON of MAGNITUDE.  */
static int
close_p (int exact, double got, double expected, double magnitude,
         int roundings, double epsilon)
{
  if (exact)
    return got == expected;
  return fabs (got - expected) <= roundings * epsilon * (magnitude + 1);
}
