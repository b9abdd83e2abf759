/* A unit of run-device-function-other-unit.c's program that defines a
   device function, which calls one of a third unit, and has a static
   function of the same name as one of the kernel's unit.  */
#include <cudajit.h>

#include "axpb.h"

static float
twice (float x)
{
  return x + x;
}

__attribute__ ((cuda_device)) float
axpb (float a, float x, float b)
{
  return twice (a * scale (x)) + b;
}
