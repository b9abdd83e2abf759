/* SPDX-License-Identifier: MIT */
/* The CPU backend's checks of the warp-matrix operations (cudajit-wmma.h),
   which end the kernel with the errors of cudajit-wmma.def, as the GPU's
   prelude does: a pointer or a leading dimension that the GPU's
   instructions cannot take; a warp of fewer than 32 threads, the last of
   a block that is not whole warps, at its first load; and a warp some of
   whose lanes returned or took another branch before the store, at the
   end of the block (cpu-execution.c), from the lanes that stored.  */

#include "cpu-backend.h"

void
cudajit_wmma_misaligned (const char *function, const void *p, unsigned int ld,
                         unsigned int multiple)
{
  struct runner *r = cudajit_kernel_runner (function);

#define DEF_CUDAJIT_WMMA_MISALIGNED(format)                                   \
  cudajit_fatal (&r->job->site, format, function, threadIdx.x, threadIdx.y,   \
                 threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z, p, ld,      \
                 multiple);
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_MISALIGNED
}

void
cudajit_wmma_partial_warp (const char *function, unsigned int threads)
{
  struct runner *r = cudajit_kernel_runner (function);

#define DEF_CUDAJIT_WMMA_PARTIAL_WARP(format)                                 \
  cudajit_fatal (&r->job->site, format, function, threadIdx.x, threadIdx.y,   \
                 threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z, threads);
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_PARTIAL_WARP
}

void
cudajit_wmma_lane_stored (unsigned int thread)
{
  struct runner *r = cudajit_kernel_runner ("cuda_wmma_store");

  r->wmma_lanes[thread / CUDAJIT_WARP_SIZE] |= 1u
                                               << thread % CUDAJIT_WARP_SIZE;
  r->wmma_stored = true;
}

void
cudajit_check_wmma_warps (struct runner *r)
{
  r->wmma_stored = false;
  unsigned int threads = blockDim.x * blockDim.y * blockDim.z;
  for (unsigned int warp = 0; warp * CUDAJIT_WARP_SIZE < threads; warp++)
    {
      unsigned int lanes = r->wmma_lanes[warp];
      unsigned int count = threads - warp * CUDAJIT_WARP_SIZE;
      r->wmma_lanes[warp] = 0;
      if (lanes == 0 || count < CUDAJIT_WARP_SIZE
          || lanes == cudajit_warp_lanes (CUDAJIT_WARP_SIZE))
        continue;
      /* Named by its first lane that stored, with the lanes that did.  */
      unsigned int first
          = warp * CUDAJIT_WARP_SIZE + (unsigned int) __builtin_ctz (lanes);
      threadIdx.x = first % blockDim.x;
      threadIdx.y = first / blockDim.x % blockDim.y;
      threadIdx.z = first / blockDim.x / blockDim.y;
      cudajit_wmma_partial_warp ("cuda_wmma_store",
                                 (unsigned int) __builtin_popcount (lanes));
    }
}
