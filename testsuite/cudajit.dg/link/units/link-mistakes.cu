// CUDA C with mistakes, which aot-link-errors.c's kernel links: NVRTC's
// errors are the user's, at this file's lines and its header's.
#include "link-mistakes.h"

extern "C" __device__ float
mistaken_twice (float x)
{
  return 2 * x + undefined_thing;
}
