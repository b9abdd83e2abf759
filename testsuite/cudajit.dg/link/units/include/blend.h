// Included by blend.cu, from its directory, twice.
#pragma once
#include "blend-weights.h"

static __device__ float
blend_offset (void)
{
  return BLEND_OFFSET;
}
