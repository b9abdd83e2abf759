/* SPDX-License-Identifier: MIT */
/* cuda_reduce on a GPU (see reduce.c): one launch, in which each block
   folds its share of the array (a grid-stride loop, then its warps by
   shuffles) into its partial result, and the last block to finish folds
   the partial results and the initial value (see the prelude's
   cudajit_reduce).  There are as many blocks as fill the GPU once.  Their
   partial results, the count of blocks done and the result live in
   scratch memory of each reduction's own, taken from the stream-ordered
   pool and given back to it on the stream after the kernel: reductions
   on several streams, from any threads, run at once, and one that leaves
   its result on the device (.res) does not wait.  */

#include "internal.h"

#include <stdint.h>

/* The largest element of a reduction: long long and double.  */
#define REDUCE_ELEMENT_MAX 8

/* The most blocks a reduction launches: more than any GPU runs at
   once.  */
#define REDUCE_BLOCKS_MAX 4096

/* The scratch memory of a reduction of GRID blocks: their partial
   results, then the count of blocks done, then the result, each
   aligned for the largest element.  */
#define SCRATCH_BYTES(grid)                                                   \
  ((grid) *REDUCE_ELEMENT_MAX + 2 * REDUCE_ELEMENT_MAX)

/* Fold on the GPU into RES, device memory, or, if null, into RESULT on
   the host, waiting for it; whether RESULT holds it.  */
static int
reduce_on_gpu (struct cudajit_kernel *k, const void *array, long long n,
               size_t element_size, const void *init, CUstream stream,
               void *res, const struct cudajit_site *site, void *result)
{
  CUfunction function = cudajit_kernel_function (k, site);
  int grid, block;
  if (!function
      || !cudajit_check (cudajit_cu.cuOccupancyMaxPotentialBlockSize (
                             &grid, &block, function, NULL, 0, 0),
                         site, "cuOccupancyMaxPotentialBlockSize"))
    return 0;
  long long needed = (n + block - 1) / block;
  if (needed < grid)
    grid = needed;
  if (grid > REDUCE_BLOCKS_MAX)
    grid = REDUCE_BLOCKS_MAX;

  CUdeviceptr scratch;
  if (!cudajit_check (
          cudajit_cu.cuMemAllocAsync (&scratch, SCRATCH_BYTES (grid), stream),
          site, "cuMemAllocAsync"))
    return 0;
  CUdeviceptr partials = scratch;
  CUdeviceptr blocks_done = partials + grid * REDUCE_ELEMENT_MAX;
  CUdeviceptr target
      = res ? (CUdeviceptr) (uintptr_t) res : blocks_done + REDUCE_ELEMENT_MAX;
  int done = 0;
  if (cudajit_check (cudajit_cu.cuMemsetD8Async (
                         blocks_done, 0, sizeof (unsigned int), stream),
                     site, "cuMemsetD8Async"))
    {
      const void *a = array;
      void *args[CUDAJIT_REDUCE_PARAMS];
      size_t extents[CUDAJIT_REDUCE_PARAMS] = { 0 };
      args[CUDAJIT_REDUCE_ARRAY] = &a;
      args[CUDAJIT_REDUCE_COUNT] = &n;
      args[CUDAJIT_REDUCE_PARTIALS] = &partials;
      args[CUDAJIT_REDUCE_BLOCKS_DONE] = &blocks_done;
      args[CUDAJIT_REDUCE_RESULT] = &target;
      args[CUDAJIT_REDUCE_INIT] = (void *) init;
      /* A host array is copied in by the launch.  */
      extents[CUDAJIT_REDUCE_ARRAY] = n * element_size;
      struct cudajit_launch_config config = { .grid = { grid, 1, 1 },
                                              .block = { block, 1, 1 },
                                              .stream = stream };
      unsigned int errors = cudajit_errors_returned ();
      /* As cudajit_launch would, whose checks the stream has passed.  */
      cudajit_gpu_launch_kernel (k, config, site, args, extents);
      done = (cudajit_errors_returned () == errors
              && (res
                  || cudajit_check (cudajit_cu.cuMemcpyDtoHAsync_v2 (
                                        result, target, element_size, stream),
                                    site, "cuMemcpyDtoHAsync")));
    }
  /* Given back after the kernel and the copy, on the same stream.  */
  cudajit_check (cudajit_cu.cuMemFreeAsync (scratch, stream), site,
                 "cuMemFreeAsync");
  if (!done || res)
    return 0;
  if (!cudajit_check (cudajit_wait_stream (stream), site,
                      "cuStreamSynchronize"))
    return 0;
  cudajit_gpu_waited ();
  return 1;
}

int
cudajit_gpu_reduce (struct cudajit_kernel *k, const void *array, long long n,
                    size_t element_size, const void *init,
                    cuda_stream_t stream, void *res,
                    const struct cudajit_site *site, void *result)
{
  if (n == 0)
    {
      /* The initial value alone, in its place on the stream.  */
      if (res)
        cudajit_check (cudajit_cu.cuMemcpyHtoDAsync_v2 (
                           (CUdeviceptr) (uintptr_t) res, init, element_size,
                           cudajit_driver_stream (stream)),
                       site, "cuMemcpyHtoDAsync");
      return 0;
    }
  return reduce_on_gpu (k, array, n, element_size, init,
                        cudajit_driver_stream (stream), res, site, result);
}
