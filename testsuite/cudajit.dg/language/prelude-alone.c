/* Every part of the CUDA C prelude (plugin/cuda/prelude.cuh) compiles with
   NVRTC ("nvrtc" below), together: this kernel uses each, and its CUDA C
   is the prelude's parts and little else.  The scalar-type table is
   inlined in each of the three places that expand it: the atomics, of
   every scope, the warp functions and the cache-hinted loads.  */
/* { dg-do compile } */

#include <assert.h>
#include <cudajit.h>
#include <math.h>

__attribute__((cuda_jit)) void
every_part (int *counter, float *x, long *sum)
{
  cuda_atomic_add (counter, 1);
  x[0] = cuda_shfl_sync (0xffffffffu, x[0], 0);
  assert (!isunordered (x[0], x[1]));
  __builtin_add_overflow (sum[0], sum[1], &sum[2]);
}

/* { dg-final { scan-cuda-times "#define CUDAJIT_PART_" 7 } } */
/* { dg-final { scan-cuda-times "CUDAJIT_SCALAR \\(ull, unsigned long long, UNSIGNED_INTEGER, 8\\)" 3 } } */
/* { dg-final { scan-cuda "CUDAJIT_NARROW_ATOMICS_##kind" } } */
/* { dg-final { scan-cuda "cudajit_shfl_##op##_##t" } } */
/* { dg-final { scan-cuda "CUDAJIT_FLOAT_COMPARE \\(unordered," } } */
/* { dg-final { scan-cuda "cudajit_assert_fail \\(const char" } } */
/* { dg-final { scan-cuda "cudajit_overflow_result \\(cudajit_wide w\\)" } } */
