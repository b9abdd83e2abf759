/* The CUDA C prelude, prelude.cuh, as the string that each module of CUDA
   C starts with.  */

#include "cudajit-plugin.h"

static const char cuda_prelude[] =
#include "prelude.inc"
    ;

const char *
cudajit_cuda_prelude (void)
{
  return cuda_prelude;
}
