/* SPDX-License-Identifier: MIT */
/* cuda_reduce: the launch of the kernel that the plugin made for it, and
   the result brought to the host.

   On a GPU, one launch: each block folds its share of the array (a
   grid-stride loop, then its warps by shuffles) into its partial result,
   and the last block to finish folds the partial results (see the
   prelude's cudajit_reduce).  There are as many blocks as fill the GPU
   once, whose partial results, the count of blocks done and the result
   live in device memory kept for each GPU, so that a reduction allocates
   nothing.  On the CPU backend, the kernel's C version folds the array in
   a plain loop.  */

#include "cudajit-config.h"
#include "internal.h"

#include <pthread.h>
#include <stdint.h>

/* The largest element of a reduction: long long and double.  */
#define REDUCE_ELEMENT_MAX 8

/* The most blocks a reduction launches, which its scratch memory holds:
   more than any GPU runs at once.  */
#define REDUCE_BLOCKS_MAX 4096

/* Each GPU's scratch memory: the blocks' partial results, then the count
   of blocks done, then the result.  One reduction uses it at a time.  */
struct reduce_scratch
{
  CUdeviceptr partials;
  CUdeviceptr blocks_done;
  CUdeviceptr result;
};

static struct reduce_scratch scratch[CUDAJIT_MAX_GPUS];
static pthread_mutex_t scratch_lock = PTHREAD_MUTEX_INITIALIZER;

#define SCRATCH_BYTES (REDUCE_BLOCKS_MAX * REDUCE_ELEMENT_MAX + 2 * 8)

/* The calling thread's GPU's scratch memory, with scratch_lock held.  */
static struct reduce_scratch *
gpu_scratch (const struct cudajit_site *site)
{
  struct reduce_scratch *s = &scratch[cudajit_current_gpu->ordinal];
  if (s->partials)
    return s;
  CUdeviceptr memory;
  if (!cudajit_check (cudajit_cu.cuMemAlloc_v2 (&memory, SCRATCH_BYTES), site,
                      "cuMemAlloc")
      || !cudajit_check (cudajit_cu.cuMemsetD8_v2 (memory, 0, SCRATCH_BYTES),
                         site, "cuMemsetD8"))
    return NULL;
  s->partials = memory;
  s->blocks_done = memory + REDUCE_BLOCKS_MAX * REDUCE_ELEMENT_MAX;
  s->result = s->blocks_done + 8;
  return s;
}

static int
reduce_on_gpu (struct cudajit_kernel *k, const void *array, long long n,
               size_t element_size, CUstream stream,
               const struct cudajit_site *site, void *result)
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

  int done = 0;
  pthread_mutex_lock (&scratch_lock);
  struct reduce_scratch *s = gpu_scratch (site);
  if (s)
    {
      const void *a = array;
      void *args[CUDAJIT_REDUCE_PARAMS];
      size_t extents[CUDAJIT_REDUCE_PARAMS] = { 0 };
      args[CUDAJIT_REDUCE_ARRAY] = &a;
      args[CUDAJIT_REDUCE_COUNT] = &n;
      args[CUDAJIT_REDUCE_PARTIALS] = &s->partials;
      args[CUDAJIT_REDUCE_BLOCKS_DONE] = &s->blocks_done;
      args[CUDAJIT_REDUCE_RESULT] = &s->result;
      /* A host array is copied in by the launch.  */
      extents[CUDAJIT_REDUCE_ARRAY] = n * element_size;
      struct cudajit_launch_config config = { .grid = { grid, 1, 1 },
                                              .block = { block, 1, 1 },
                                              .stream = stream };
      unsigned int errors = cudajit_errors_returned ();
      cudajit_launch (k, config, site->file, site->line, args, extents);
      done = (cudajit_errors_returned () == errors
              && cudajit_check (cudajit_cu.cuMemcpyDtoHAsync_v2 (
                                    result, s->result, element_size, stream),
                                site, "cuMemcpyDtoHAsync")
              && cudajit_check (cudajit_wait_stream (stream), site,
                                "cuStreamSynchronize"));
    }
  pthread_mutex_unlock (&scratch_lock);
  if (done)
    cudajit_gpu_waited ();
  return done;
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

int
cudajit_reduce (void *kernel, const void *array, long long n,
                size_t element_size, void *stream, const char *file, int line,
                void *result)
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
  if (n == 0)
    return 0;
  bool gpu = cudajit_gpu_p ();
  if ((stream
       && !cudajit_check_handle (&reduce, "cuda_reduce", stream,
                                 CUDAJIT_STREAM, gpu))
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses_wait (stream, &reduce, "cuda_reduce"))
      || !check_array (array, n, element_size, &reduce, gpu))
    return 0;
  if (gpu)
    return reduce_on_gpu (k, array, n, element_size,
                          cudajit_driver_stream (stream), &reduce, result);

  void *none = NULL;
  void *args[CUDAJIT_REDUCE_PARAMS];
  args[CUDAJIT_REDUCE_ARRAY] = &array;
  args[CUDAJIT_REDUCE_COUNT] = &n;
  args[CUDAJIT_REDUCE_PARTIALS] = &none;
  args[CUDAJIT_REDUCE_BLOCKS_DONE] = &none;
  args[CUDAJIT_REDUCE_RESULT] = &result;
  /* As a launch of one thread, so that a fault in the fold, or
     CUDAJIT_TIMEOUT, names the call as a kernel's.  */
  struct cudajit_launch_config one
      = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };
  cudajit_cpu_launch_profiled (k, &one, args, &reduce, NULL);
  return 1;
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
