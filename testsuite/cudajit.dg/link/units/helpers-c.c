/* The C version of units/helpers.cu's fused_poly, which the CPU backend
   runs for run-link-cu.c's kernel.  */
#include <math.h>

float fused_poly (float x, float c);

float
fused_poly (float x, float c)
{
  return fmaf (x, x, c);
}
