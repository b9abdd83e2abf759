/* The C versions of units/toolkit-headers.cu's functions, which the CPU
   backend runs for run-link-cu-toolkit-headers.c's kernel.  */
#include "toolkit-include/toolkit-headers-tile.h"

float half_fma (float x, float y, float z);
int tile_rank (int thread);
int larger (int x, int y);

float
half_fma (float x, float y, float z)
{
  return x * y + z + z;
}

int
tile_rank (int thread)
{
  return thread % TILE + TILE_SCALE * (thread / TILE);
}

int
larger (int x, int y)
{
  return x > y ? x : y;
}
