/* The CUDA C prelude (plugin/prelude.cuh) compiles alone with NVRTC: the
   CUDA C of a unit whose only kernel does nothing is the prelude, which
   the testsuite's NVRTC check compiles ("nvrtc" below), with every part
   of it there.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__((cuda_jit)) void
nothing (void)
{
}

/* { dg-final { scan-cuda "cudajit_volatile_load" } } */
/* { dg-final { scan-cuda-times "CUDAJIT_SCALAR \\(ull, unsigned long long, UNSIGNED_INTEGER, 8\\)" 3 } } */
/* { dg-final { scan-cuda "CUDAJIT_NARROW_ATOMICS_##kind" } } */
/* { dg-final { scan-cuda "cudajit_shfl_##op##_##t" } } */
/* { dg-final { scan-cuda "CUDAJIT_FLOAT_COMPARE \\(unordered," } } */
/* { dg-final { scan-cuda "cudajit_assert_fail" } } */
/* { dg-final { scan-cuda "cudajit_overflow_result" } } */
/* { dg-final { scan-cuda "CUDAJIT_LAYOUT" } } */
