/* A unit of run-device-function-other-unit.c's program that defines a
   device function, which units/axpb.c calls.  */
#include <cudajit.h>

#include "axpb.h"

__attribute__ ((cuda_device)) float
scale (float x)
{
  return x * 0.5f - 1.0f;
}
