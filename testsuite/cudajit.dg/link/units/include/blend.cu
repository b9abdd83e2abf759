// CUDA C that run-link-cu-include.c's kernel links.  It includes headers
// of its own directory, which the plugin puts in its place at compile
// time: NVRTC needs no file at run time, wherever the program runs.
#include "blend.h"
/* #include "no-such-header.h" in a comment includes nothing.  */
#include "blend.h" // again, as a header may be: #pragma once keeps it once

extern "C" __device__ float
blend (float x, float y)
{
  return BLEND_WEIGHT * x + (1.0f - BLEND_WEIGHT) * y + blend_offset ();
}
