/* SPDX-License-Identifier: MIT */
/* cuda_reduce: its arguments checked, then the backend's reduce, which
   launches the kernel that the plugin made for it and brings the result
   to the host or leaves it on the device: on a GPU, one launch
   (gpu-reduce.c); on the CPU backend, folds on the thread pool
   (cpu-reduce.c).  */

#include "cudajit-config.h"
#include "internal.h"

#include <stdint.h>

/* Whether the N elements of ELEMENT_SIZE bytes at ARRAY, of the call at
   SITE, lie in live memory, where the runtime handed it out; if not,
   report it and return false.  A host array is the caller's to size.
   Memory that the registry knows freed may be the CUDA runtime's now, on
   the GPU (see cudajit_gpu_freed_p).  */
static bool
check_array (const void *array, long long n, size_t element_size,
             const struct cudajit_site *site,
             const struct cudajit_backend_ops *ops)
{
  /* N elements that size_t cannot count are past any end.  */
  size_t bytes = (unsigned long long) n > SIZE_MAX / element_size
                     ? SIZE_MAX
                     : (size_t) n * element_size;
  struct cudajit_object_info info;
  enum cudajit_range range
      = cudajit_classify_range (array, bytes, ops->gpu, &info);
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
           const struct cudajit_site *site,
           const struct cudajit_backend_ops *ops)
{
  struct cudajit_object_info info;
  enum cudajit_range range
      = cudajit_classify_range (res, element_size, ops->gpu, &info);
  int owner;
  if ((range == CUDAJIT_RANGE_INSIDE && cudajit_kernel_memory_p (info.kind))
      || (range == CUDAJIT_RANGE_UNKNOWN && ops->driver_memory (res, &owner)))
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
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  if ((stream
       && !cudajit_check_handle (&reduce, "cuda_reduce", stream,
                                 CUDAJIT_STREAM, ops->gpu))
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses_wait (stream, &reduce, "cuda_reduce"))
      || (res && !check_res (res, element_size, &reduce, ops))
      || (n && !check_array (array, n, element_size, &reduce, ops)))
    return 0;
  cudajit_note_launched ();
  return ops->reduce (k, array, n, element_size, init, stream, res, &reduce,
                      result);
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
