/* SPDX-License-Identifier: MIT */
/* The memory API: GPU memory, pinned host memory, host memory mapped
   into the GPU, managed memory, and the copies between host and GPU, at
   once or queued on a stream.  Device pointers are plain pointers: on the
   GPU, the driver's unified addresses; on the CPU backend, host memory, as
   is every other kind, and copies are done at once.  */

#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* BYTES of memory of KIND for FUNCTION, ordered on STREAM for pool
   memory, with the driver's HOST_FLAGS (CU_MEMHOSTALLOC_*) too for mapped
   memory; null if there are none.  */
static void *
allocate (size_t bytes, enum cudajit_object_kind kind, unsigned int host_flags,
          cuda_stream_t stream, const char *function)
{
  enum cudajit_host_mapping mapping = CUDAJIT_NOT_MAPPED;
  const struct cudajit_backend_ops *ops;
  unsigned long long buffer_id = 0;
  void *p = NULL;

  /* The driver refuses to allocate nothing; an empty array is no error.  */
  if (bytes == 0)
    return NULL;
  ops = cudajit_backend_ops ();
  if (kind == CUDAJIT_POOL_MEMORY
      && !cudajit_check_handle (NULL, function, stream, CUDAJIT_STREAM,
                                ops->gpu))
    return NULL;
  if (!ops->allocate (&p, bytes, kind, host_flags, stream, function, &mapping,
                      &buffer_id))
    return NULL;
  if (!p)
    cudajit_error (NULL, "%s: out of %s memory allocating %zu bytes", function,
                   ops->memory_name (kind), bytes);
  else
    cudajit_register_object (p, bytes, kind, mapping, buffer_id, 0);
  return p;
}

/* Free P, memory of KIND, for FUNCTION; on STREAM for pool memory.  */
static void
release (void *p, enum cudajit_object_kind kind, cuda_stream_t stream,
         const char *function)
{
  bool released;

  if (!p)
    return;
  /* Before the driver frees it, so that a new allocation at the same
     address in another thread is not the one released.  */
  released = cudajit_release_object (p, kind);
  atomic_fetch_add_explicit (&cudajit_free_generation, 1,
                             memory_order_release);
  cudajit_backend_ops ()->release (p, kind, released, stream, function);
}

/* Copy BYTES from SRC to DST, to the GPU if TO_DEVICE, else from it, for
   FUNCTION: queued on STREAM if ASYNC, else at once.  Return false if that
   fails.  */
static bool
copy (void *dst, const void *src, size_t bytes, bool to_device, bool async,
      cuda_stream_t stream, const char *function)
{
  const void *dev = to_device ? dst : src;
  const struct cudajit_backend_ops *ops;

  if (bytes == 0)
    return true;
  if (!(to_device ? src : dst))
    {
      cudajit_error (NULL, "%s: the host pointer is null", function);
      return false;
    }
  ops = cudajit_backend_ops ();
  if ((async
       && !cudajit_check_handle (NULL, function, stream, CUDAJIT_STREAM,
                                 ops->gpu))
      || !cudajit_check_range (NULL, function, dev, bytes, ops->gpu))
    return false;
  enum cudajit_capture_result captured
      = cudajit_graph_capturing_p () ? cudajit_graph_capture_copy (
            async ? stream : NULL, dst, src, bytes, 0,
            to_device ? CUDAJIT_DEVICE_DST : CUDAJIT_DEVICE_SRC,
            ops->records_captures, function)
                                     : CUDAJIT_CAPTURE_NONE;
  if (captured != CUDAJIT_CAPTURE_NONE)
    return captured == CUDAJIT_CAPTURE_RECORDED;
  return ops->copy (dst, src, bytes, to_device, async, stream, function);
}

void *
cuda_device_array (size_t bytes)
{
  return allocate (bytes, CUDAJIT_DEVICE_MEMORY, 0, NULL, "cuda_device_array");
}

void *
cuda_to_device (const void *host, size_t bytes)
{
  void *dev
      = allocate (bytes, CUDAJIT_DEVICE_MEMORY, 0, NULL, "cuda_to_device");

  if (dev && !copy (dev, host, bytes, true, false, NULL, "cuda_to_device"))
    {
      /* The copy's error is the one to report, not what freeing may add
         to it.  */
      cudajit_release_object (dev, CUDAJIT_DEVICE_MEMORY);
      cudajit_backend_ops ()->release_quietly (dev);
      return NULL;
    }
  return dev;
}

void
cuda_copy_to_host (void *host, const void *dev, size_t bytes)
{
  copy (host, dev, bytes, false, false, NULL, "cuda_copy_to_host");
  cudajit_gpu_waited ();
}

void
cuda_copy_to_device (void *dev, const void *host, size_t bytes)
{
  copy (dev, host, bytes, true, false, NULL, "cuda_copy_to_device");
}

void
cuda_copy_to_host_async (void *host, const void *dev, size_t bytes,
                         cuda_stream_t stream)
{
  copy (host, dev, bytes, false, true, stream, "cuda_copy_to_host_async");
}

void
cuda_copy_to_device_async (void *dev, const void *host, size_t bytes,
                           cuda_stream_t stream)
{
  copy (dev, host, bytes, true, true, stream, "cuda_copy_to_device_async");
}

/* Whether FUNCTION, queued on STREAM if ASYNC, may touch the BYTES at
   each of the DEVICE pointers (one or two) of memory from cudajit, on
   BACKEND.  */
static bool
device_ranges_ok (const char *function, bool async, cuda_stream_t stream,
                  const void *const *device, int count, size_t bytes,
                  const struct cudajit_backend_ops *ops)
{
  if (async
      && !cudajit_check_handle (NULL, function, stream, CUDAJIT_STREAM,
                                ops->gpu))
    return false;
  for (int i = 0; i < count; i++)
    if (!cudajit_check_range (NULL, function, device[i], bytes, ops->gpu))
      return false;
  return true;
}

/* Copy BYTES from SRC to DST, both memory that the GPU reaches, for
   FUNCTION: queued on STREAM if ASYNC.  */
static void
copy_on_device (void *dst, const void *src, size_t bytes, bool async,
                cuda_stream_t stream, const char *function)
{
  const void *const ends[] = { dst, src };
  const struct cudajit_backend_ops *ops;

  if (bytes == 0)
    return;
  ops = cudajit_backend_ops ();
  if (!device_ranges_ok (function, async, stream, ends, 2, bytes, ops)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_capture_copy (
              async ? stream : NULL, dst, src, bytes, 0,
              CUDAJIT_DEVICE_DST | CUDAJIT_DEVICE_SRC, ops->records_captures,
              function)))
    return;
  ops->copy_device (dst, src, bytes, async, stream, function);
}

/* Set the BYTES at PTR to BYTE, for FUNCTION: queued on STREAM if
   ASYNC.  */
static void
fill (void *ptr, int byte, size_t bytes, bool async, cuda_stream_t stream,
      const char *function)
{
  const void *const at[] = { ptr };
  const struct cudajit_backend_ops *ops;

  if (bytes == 0)
    return;
  ops = cudajit_backend_ops ();
  if (!device_ranges_ok (function, async, stream, at, 1, bytes, ops)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_capture_copy (async ? stream : NULL, ptr, NULL,
                                         bytes, byte, CUDAJIT_DEVICE_DST,
                                         ops->records_captures, function)))
    return;
  ops->memset (ptr, byte, bytes, async, stream, function);
}

void
cuda_copy_device (void *dst, const void *src, size_t bytes)
{
  copy_on_device (dst, src, bytes, false, NULL, "cuda_copy_device");
}

void
cuda_copy_device_async (void *dst, const void *src, size_t bytes,
                        cuda_stream_t stream)
{
  copy_on_device (dst, src, bytes, true, stream, "cuda_copy_device_async");
}

void
cuda_memset (void *ptr, int byte, size_t bytes)
{
  fill (ptr, byte, bytes, false, NULL, "cuda_memset");
}

void
cuda_memset_async (void *ptr, int byte, size_t bytes, cuda_stream_t stream)
{
  fill (ptr, byte, bytes, true, stream, "cuda_memset_async");
}

void *
cuda_device_array_pitched (size_t *pitch, size_t width, size_t height)
{
  static const char function[] = "cuda_device_array_pitched";
  enum cudajit_host_mapping mapping = CUDAJIT_NOT_MAPPED;
  unsigned long long buffer_id = 0;
  void *p = NULL;

  if (!pitch)
    {
      cudajit_error (NULL, "%s: the pointer to the pitch is null", function);
      return NULL;
    }
  *pitch = 0;
  /* As cuda_device_array's, an empty array is no error.  */
  if (width == 0 || height == 0)
    return NULL;
  if (height > SIZE_MAX / width)
    {
      cudajit_error (NULL,
                     "%s: %zu rows of %zu bytes are more bytes than size_t "
                     "holds",
                     function, height, width);
      return NULL;
    }
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  if (!ops->allocate_pitched (&p, pitch, width, height, function, &mapping,
                              &buffer_id))
    return NULL;
  if (!p)
    {
      cudajit_error (
          NULL, "%s: out of %s memory allocating %zu rows of %zu bytes",
          function, ops->memory_name (CUDAJIT_DEVICE_MEMORY), height, width);
      *pitch = 0;
    }
  else
    cudajit_register_object (p, *pitch * height, CUDAJIT_DEVICE_MEMORY,
                             mapping, buffer_id, 0);
  return p;
}

/* Whether P, the end WHICH of FUNCTION's copy of HEIGHT rows of WIDTH
   bytes, both above zero, whose rows are PITCH bytes apart there, may be
   copied to or from: into *BYTES, the bytes from P to the end of its
   last row, which must lie in memory from cudajit if DEVICE.  If not,
   report why.  */
static bool
copy_2d_end_ok (const void *p, bool device, size_t pitch, size_t width,
                size_t height, const char *which, size_t *bytes,
                const struct cudajit_backend_ops *ops, const char *function)
{
  if (width > pitch)
    {
      cudajit_error (NULL,
                     "%s: the width, %zu bytes, is more than the %s's pitch, "
                     "%zu bytes",
                     function, width, which, pitch);
      return false;
    }
  if (!p)
    {
      cudajit_error (NULL, "%s: the %s pointer is null", function,
                     device ? "device" : "host");
      return false;
    }
  if (height - 1 > (SIZE_MAX - width) / pitch)
    {
      cudajit_error (NULL,
                     "%s: %zu rows %zu bytes apart are more bytes than "
                     "size_t holds",
                     function, height, pitch);
      return false;
    }
  *bytes = (height - 1) * pitch + width;
  return !device || cudajit_check_range (NULL, function, p, *bytes, ops->gpu);
}

void
cuda_copy_2d (void *dst, size_t dpitch, const void *src, size_t spitch,
              size_t width, size_t height, cuda_copy_kind kind)
{
  static const char function[] = "cuda_copy_2d";
  static const int device_ends[] = {
    [CUDA_COPY_TO_DEVICE] = CUDAJIT_DEVICE_DST,
    [CUDA_COPY_TO_HOST] = CUDAJIT_DEVICE_SRC,
    [CUDA_COPY_DEVICE] = CUDAJIT_DEVICE_DST | CUDAJIT_DEVICE_SRC,
  };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();

  if ((unsigned int) kind >= sizeof device_ends / sizeof *device_ends)
    {
      cudajit_error (NULL,
                     "%s: the direction, %d, is none of CUDA_COPY_TO_DEVICE, "
                     "CUDA_COPY_TO_HOST and CUDA_COPY_DEVICE",
                     function, (int) kind);
      return;
    }
  struct cudajit_copy_2d copy
      = { dst, dpitch, 0, src, spitch, 0, width, height, device_ends[kind] };
  if (width == 0 || height == 0)
    return;
  if (!copy_2d_end_ok (dst, copy.device_ends & CUDAJIT_DEVICE_DST, dpitch,
                       width, height, "destination", &copy.dst_bytes, ops,
                       function)
      || !copy_2d_end_ok (src, copy.device_ends & CUDAJIT_DEVICE_SRC, spitch,
                          width, height, "source", &copy.src_bytes, ops,
                          function)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses (NULL, NULL, function)))
    return;
  ops->copy_2d (&copy, function);
  if (kind == CUDA_COPY_TO_HOST)
    cudajit_gpu_waited ();
}

void
cuda_free (void *dev)
{
  release (dev, CUDAJIT_DEVICE_MEMORY, NULL, "cuda_free");
}

void *
cuda_device_array_async (size_t bytes, cuda_stream_t stream)
{
  return allocate (bytes, CUDAJIT_POOL_MEMORY, 0, stream,
                   "cuda_device_array_async");
}

void
cuda_free_async (void *dev, cuda_stream_t stream)
{
  if (dev
      && !cudajit_check_handle (NULL, "cuda_free_async", stream,
                                CUDAJIT_STREAM, cudajit_backend_ops ()->gpu))
    return;
  release (dev, CUDAJIT_POOL_MEMORY, stream, "cuda_free_async");
}

void *
cuda_pinned_array (size_t bytes)
{
  return allocate (bytes, CUDAJIT_PINNED_MEMORY, 0, NULL, "cuda_pinned_array");
}

void
cuda_free_pinned (void *host)
{
  release (host, CUDAJIT_PINNED_MEMORY, NULL, "cuda_free_pinned");
}

/* Whether the byte at P, an end of the range that cuda_pin is given, may
   be pinned: in no memory that the runtime handed out and still knows
   as live; if not, report it.  */
static bool
pinnable_p (const void *p, const void *start, size_t bytes)
{
  struct cudajit_object_info info;
  enum cudajit_range range = cudajit_classify_range (p, 1, false, &info);

  if (range == CUDAJIT_RANGE_UNKNOWN || range == CUDAJIT_RANGE_RELEASED)
    return true;
  cudajit_error (NULL,
                 "cuda_pin: the %zu bytes at %p reach into %s at %p, "
                 "which %s",
                 bytes, start, cudajit_object_kinds[info.kind].what, info.base,
                 info.kind == CUDAJIT_PINNED_BY_PROGRAM
                     ? "is pinned already"
                     : "cuda_pin does not take: it pins the program's own "
                       "memory");
  return false;
}

void
cuda_pin (void *host, size_t bytes)
{
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();

  if (!host || !bytes)
    {
      cudajit_error (NULL, "cuda_pin: nothing to pin, %zu bytes at %p", bytes,
                     host);
      return;
    }
  if (!pinnable_p (host, host, bytes)
      || !pinnable_p ((const char *) host + bytes - 1, host, bytes))
    return;
  if (!ops->pin (host, bytes))
    return;
  cudajit_register_object (host, bytes, CUDAJIT_PINNED_BY_PROGRAM,
                           CUDAJIT_NOT_MAPPED, 0, 0);
}

void
cuda_unpin (void *host)
{
  if (!cudajit_forget_object (host, CUDAJIT_PINNED_BY_PROGRAM))
    {
      cudajit_report_object (NULL, "cuda_unpin", host,
                             CUDAJIT_PINNED_BY_PROGRAM);
      return;
    }
  cudajit_backend_ops ()->unpin (host);
}

void *
cuda_mapped_array (size_t bytes)
{
  return allocate (bytes, CUDAJIT_MAPPED_MEMORY, 0, NULL, "cuda_mapped_array");
}

void *
cuda_mapped_array_wc (size_t bytes)
{
  return allocate (bytes, CUDAJIT_MAPPED_MEMORY, CU_MEMHOSTALLOC_WRITECOMBINED,
                   NULL, "cuda_mapped_array_wc");
}

void
cuda_free_mapped (void *host)
{
  release (host, CUDAJIT_MAPPED_MEMORY, NULL, "cuda_free_mapped");
}

void *
cuda_managed_array (size_t bytes)
{
  return allocate (bytes, CUDAJIT_MANAGED_MEMORY, 0, NULL,
                   "cuda_managed_array");
}

void
cuda_free_managed (void *p)
{
  release (p, CUDAJIT_MANAGED_MEMORY, NULL, "cuda_free_managed");
}

void *
cudajit_array_of (void *(*allocator) (size_t), long long count, size_t size,
                  const char *function, const char *file, int line)
{
  struct cudajit_site site = { NULL, file, line };

  if (count < 0)
    cudajit_error (&site, "%s: the count, %lld, is negative", function, count);
  else if (size && (unsigned long long) count > SIZE_MAX / size)
    cudajit_error (&site,
                   "%s: %lld elements of %zu bytes are more bytes than "
                   "size_t holds",
                   function, count, size);
  else
    return allocator ((size_t) count * size);
  return NULL;
}

void
cuda_synchronize (void)
{
  if (cudajit_graph_capturing_p ()
      && cudajit_graph_refuses_wait (NULL, NULL, "cuda_synchronize"))
    return;
  cudajit_backend_ops ()->synchronize ("cuda_synchronize");
  cudajit_gpu_waited ();
}
