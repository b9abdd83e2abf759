/* SPDX-License-Identifier: MIT */
/* cuda_reduce: the launch of the kernel that the plugin made for it, and
   the result brought to the host or left on the device.

   On a GPU, one launch: each block folds its share of the array (a
   grid-stride loop, then its warps by shuffles) into its partial result,
   and the last block to finish folds the partial results and the initial
   value (see the prelude's cudajit_reduce).  There are as many blocks as
   fill the GPU once.  Their partial results, the count of blocks done and
   the result live in scratch memory of each reduction's own, taken from
   the stream-ordered pool and given back to it on the stream after the
   kernel: reductions on several streams, from any threads, run at once,
   and one that leaves its result on the device (.res) does not wait.  On
   the CPU backend, the kernel's C version folds shares of the array on
   the thread pool, then their results.  */

#include "cudajit-config.h"
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The largest element of a reduction: long long and double.  */
#define REDUCE_ELEMENT_MAX 8

/* The most blocks a reduction launches: more than any GPU runs at
   once.  */
#define REDUCE_BLOCKS_MAX 4096

/* The fewest elements of a share of the fold on the CPU backend: fewer
   fold faster than the threads start.  */
#define CPU_SHARE_MIN (1LL << 16)

/* The shares of each of the CPU backend's threads, so that a thread that
   the system slows takes fewer.  */
#define CPU_SHARES_PER_THREAD 8

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
      cudajit_launch (k, config, site->file, site->line, args, extents);
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

/* Fold on the CPU backend into TARGET: the kernel's C version launched
   as a grid of one thread a block, each block a share of the array of
   CPU_SHARE_MIN elements or more, on the pool's threads, then over the
   blocks' partial results with the initial value, in a launch of one
   block.  As launches, so that a fault in the fold, or
   CUDAJIT_TIMEOUT, names the call as a kernel's.  Whether it ran.  */
static bool
reduce_on_cpu (struct cudajit_kernel *k, const void *array, long long n,
               size_t element_size, const void *init, void *target,
               const struct cudajit_site *site)
{
  long threads = cudajit_cpu_threads ();
  long long blocks = threads == 1 ? 1 : n / CPU_SHARE_MIN;
  if (blocks > threads * CPU_SHARES_PER_THREAD)
    blocks = threads * CPU_SHARES_PER_THREAD;
  if (blocks < 1)
    blocks = 1;
  void *partials = NULL;
  if (blocks > 1 && !(partials = malloc (blocks * element_size)))
    {
      cudajit_error (site,
                     "cuda_reduce: out of host memory for %lld "
                     "partial results",
                     blocks);
      return false;
    }
  void *none = NULL;
  void *args[CUDAJIT_REDUCE_PARAMS];
  args[CUDAJIT_REDUCE_ARRAY] = &array;
  args[CUDAJIT_REDUCE_COUNT] = &n;
  args[CUDAJIT_REDUCE_PARTIALS] = &partials;
  args[CUDAJIT_REDUCE_BLOCKS_DONE] = &none;
  args[CUDAJIT_REDUCE_RESULT] = &target;
  args[CUDAJIT_REDUCE_INIT] = (void *) init;
  struct cudajit_launch_config config
      = { .grid = { blocks, 1, 1 }, .block = { 1, 1, 1 } };
  cudajit_cpu_launch_profiled (k, &config, args, site, NULL);
  if (partials)
    {
      const void *folded = partials;
      args[CUDAJIT_REDUCE_ARRAY] = &folded;
      args[CUDAJIT_REDUCE_COUNT] = &blocks;
      config.grid.x = 1;
      cudajit_cpu_launch_profiled (k, &config, args, site, NULL);
      free (partials);
    }
  return true;
}

/* Whether the N elements of ELEMENT_SIZE bytes at ARRAY, of the call at
   SITE, lie in live memory, where the runtime handed it out; if not,
   report it and return false.  A host array is the caller's to size.
   Memory that the registry knows freed may be the CUDA runtime's now, on
   the GPU (see cudajit_gpu_freed_p).  */
static bool
check_array (const void *array, long long n, size_t element_size,
             const struct cudajit_site *site, bool gpu)
{
  /* N elements that size_t cannot count are past any end.  */
  size_t bytes = (unsigned long long) n > SIZE_MAX / element_size
                     ? SIZE_MAX
                     : (size_t) n * element_size;
  struct cudajit_object_info info;
  enum cudajit_range range = cudajit_classify_range (array, bytes, gpu, &info);
  size_t offset = (uintptr_t) array - (uintptr_t) info.base;

  if (range == CUDAJIT_RANGE_RELEASED)
    cudajit_error (site,
                   "cuda_reduce over %lld elements: the array at %p is in "
                   "%s that was %s",
                   n, array, cudajit_object_kinds[info.kind].what,
                   cudajit_object_kinds[info.kind].ended);
  else if (range == CUDAJIT_RANGE_PAST_END)
    cudajit_error (site,
                   "cuda_reduce over %lld elements: the array at %p holds "
                   "%zu, to the end of the %zu bytes of %s at %p",
                   n, array, (info.size - offset) / element_size, info.size,
                   cudajit_object_kinds[info.kind].what, info.base);
  else
    return true;
  return false;
}

/* Whether RES, of the call at SITE, may take a result of ELEMENT_SIZE
   bytes: memory that kernels write as it is; if not, report it and return
   false.  On the GPU, memory that the runtime did not hand out is the
   driver's to tell.  */
static bool
check_res (const void *res, size_t element_size,
           const struct cudajit_site *site, bool gpu)
{
  struct cudajit_object_info info;
  enum cudajit_range range
      = cudajit_classify_range (res, element_size, gpu, &info);
  int owner;
  if ((range == CUDAJIT_RANGE_INSIDE && cudajit_kernel_memory_p (info.kind))
      || (range == CUDAJIT_RANGE_UNKNOWN && gpu
          && cudajit_driver_device_memory (res, &owner)))
    return true;
  if (range == CUDAJIT_RANGE_INSIDE || range == CUDAJIT_RANGE_UNKNOWN)
    cudajit_error (site,
                   "cuda_reduce's .res at %p is host memory; the result "
                   "stays on the device, in device, mapped or managed "
                   "memory",
                   res);
  else if (range == CUDAJIT_RANGE_PAST_END)
    cudajit_error (site,
                   "cuda_reduce's .res at %p has not the %zu bytes of a "
                   "result before the end of the %zu bytes of %s at %p",
                   res, element_size, info.size,
                   cudajit_object_kinds[info.kind].what, info.base);
  else
    cudajit_error (site, "cuda_reduce's .res at %p is in %s that was %s", res,
                   cudajit_object_kinds[info.kind].what,
                   cudajit_object_kinds[info.kind].ended);
  return false;
}

int
cudajit_reduce (void *kernel, const void *array, long long n,
                size_t element_size, const void *init, void *stream, void *res,
                const char *file, int line, void *result)
{
  struct cudajit_kernel *k = kernel;
  if (!k)
    {
      cudajit_error (&(struct cudajit_site){ NULL, file, line },
                     "cuda_reduce of a kernel that is not registered yet");
      return 0;
    }
  const struct cudajit_site reduce = { k->name, file, line };
  if (n < 0)
    {
      cudajit_error (
          &reduce, "cuda_reduce over %lld elements: the count is negative", n);
      return 0;
    }
  bool gpu = cudajit_gpu_p ();
  if ((stream
       && !cudajit_check_handle (&reduce, "cuda_reduce", stream,
                                 CUDAJIT_STREAM, gpu))
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses_wait (stream, &reduce, "cuda_reduce"))
      || (res && !check_res (res, element_size, &reduce, gpu)))
    return 0;
  if (n == 0)
    {
      /* The initial value alone, in its place on the stream.  */
      if (res && gpu)
        cudajit_check (cudajit_cu.cuMemcpyHtoDAsync_v2 (
                           (CUdeviceptr) (uintptr_t) res, init, element_size,
                           cudajit_driver_stream (stream)),
                       &reduce, "cuMemcpyHtoDAsync");
      else if (res)
        memcpy (res, init, element_size);
      return 0;
    }
  if (!check_array (array, n, element_size, &reduce, gpu))
    return 0;
  if (gpu)
    return reduce_on_gpu (k, array, n, element_size, init,
                          cudajit_driver_stream (stream), res, &reduce,
                          result);

  return reduce_on_cpu (k, array, n, element_size, init, res ? res : result,
                        &reduce)
         && !res;
}

int
cudajit_unlaunched_reduce (long long n, const void *array, void *settings,
                           const char *file, int line)
{
  (void) n;
  (void) array;
  (void) settings;
  cudajit_fatal (&(struct cudajit_site){ NULL, file, line },
                 "cuda_reduce was compiled without the cudajit "
                 "plugin; " CUDAJIT_UNPLUGGED_HINT);
}
