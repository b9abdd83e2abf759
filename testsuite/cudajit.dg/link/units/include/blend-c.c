/* The C version of units/include/blend.cu's blend, which the CPU backend
   runs for run-link-cu-include.c's kernel.  */
#include "blend-weights.h"

float blend (float x, float y);

float
blend (float x, float y)
{
  return BLEND_WEIGHT * x + (1.0f - BLEND_WEIGHT) * y + BLEND_OFFSET;
}
