/* SPDX-License-Identifier: MIT */
/* The GPU backend's memory operations (backend.h), through the driver:
   device, pinned, mapped, managed and pool memory, and the copies and
   fills of it.  Device pointers are the driver's unified addresses.  */

#include "internal.h"

#include <stdint.h>

static CUdeviceptr
device_pointer (const void *p)
{
  return (CUdeviceptr) (uintptr_t) p;
}

/* Whether memory of KIND is host memory for the driver, which
   cuMemFreeHost frees.  */
static bool
host_kind_p (enum cudajit_object_kind kind)
{
  return kind == CUDAJIT_PINNED_MEMORY || kind == CUDAJIT_MAPPED_MEMORY;
}

/* BYTES of memory of KIND from the driver into *P, for FUNCTION; from
   the pool on STREAM for pool memory.  */
static CUresult
driver_allocate (void **p, size_t bytes, enum cudajit_object_kind kind,
                 unsigned int host_flags, CUstream stream,
                 const char *function)
{
  CUdeviceptr dev = 0;
  CUresult r;

  /* Portable: pinned, and mapped, for the contexts of all GPUs, which the
     thread may select later, not only the current one's.  */
  switch (kind)
    {
    case CUDAJIT_PINNED_MEMORY:
      return cudajit_cu.cuMemHostAlloc (p, bytes, CU_MEMHOSTALLOC_PORTABLE);
    case CUDAJIT_MAPPED_MEMORY:
      r = cudajit_cu.cuMemHostAlloc (
          p, bytes,
          CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP | host_flags);
      if (r != CUDA_SUCCESS)
        return r;
      /* Kernels take the host's pointer, which needs unified addressing,
         as every 64-bit system has.  */
      r = cudajit_cu.cuMemHostGetDevicePointer_v2 (&dev, *p, 0);
      if (r == CUDA_SUCCESS && dev != (CUdeviceptr) (uintptr_t) *p)
        cudajit_error (NULL,
                       "%s: the GPU sees the mapped memory at %p at another "
                       "address, 0x%llx: cudajit needs unified addressing",
                       function, *p, dev);
      if (r != CUDA_SUCCESS || dev != (CUdeviceptr) (uintptr_t) *p)
        {
          cudajit_cu.cuMemFreeHost (*p);
          *p = NULL;
        }
      return r;
    case CUDAJIT_MANAGED_MEMORY:
      r = cudajit_cu.cuMemAllocManaged (&dev, bytes, CU_MEM_ATTACH_GLOBAL);
      break;
    case CUDAJIT_POOL_MEMORY:
      r = cudajit_cu.cuMemAllocAsync (&dev, bytes, stream);
      break;
    default:
      r = cudajit_cu.cuMemAlloc_v2 (&dev, bytes);
      break;
    }
  *p = (void *) (uintptr_t) dev;
  return r;
}

/* The end of FUNCTION's allocation of *P, memory of KIND, by the driver,
   which returned R, with ERRORS returned before it: as the backend's
   allocate.  */
static bool
allocated (CUresult r, unsigned int errors, void **p,
           enum cudajit_object_kind kind, const char *function,
           enum cudajit_host_mapping *mapping, unsigned long long *buffer_id)
{
  if ((r != CUDA_ERROR_OUT_OF_MEMORY && !cudajit_check (r, NULL, function))
      || errors != cudajit_errors_returned ())
    return false;
  *mapping = CUDAJIT_NOT_MAPPED;
  *buffer_id
      = *p && kind != CUDAJIT_PINNED_MEMORY ? cudajit_buffer_id (*p) : 0;
  return true;
}

bool
cudajit_gpu_allocate (void **p, size_t bytes, enum cudajit_object_kind kind,
                      unsigned int host_flags, cuda_stream_t stream,
                      const char *function, enum cudajit_host_mapping *mapping,
                      unsigned long long *buffer_id)
{
  unsigned int errors = cudajit_errors_returned ();
  CUresult r = driver_allocate (p, bytes, kind, host_flags,
                                cudajit_driver_stream (stream), function);

  return allocated (r, errors, p, kind, function, mapping, buffer_id);
}

/* The largest loads and stores that a kernel makes of a pitched array,
   a cuda_float4's, for which cuMemAllocPitch pads the rows so that each
   warp's accesses to one stay coalesced: smaller ones are as fast, larger
   ones correct but slower.  */
#define PITCHED_ACCESS_BYTES 16

bool
cudajit_gpu_allocate_pitched (void **p, size_t *pitch, size_t width,
                              size_t height, const char *function,
                              enum cudajit_host_mapping *mapping,
                              unsigned long long *buffer_id)
{
  unsigned int errors = cudajit_errors_returned ();
  CUdeviceptr dev = 0;
  CUresult r = cudajit_cu.cuMemAllocPitch_v2 (&dev, pitch, width, height,
                                              PITCHED_ACCESS_BYTES);

  *p = (void *) (uintptr_t) dev;
  return allocated (r, errors, p, CUDAJIT_DEVICE_MEMORY, function, mapping,
                    buffer_id);
}

const char *
cudajit_gpu_memory_name (enum cudajit_object_kind kind)
{
  return host_kind_p (kind) ? "pinned host" : "GPU";
}

void
cudajit_gpu_release (void *p, enum cudajit_object_kind kind, bool released,
                     cuda_stream_t stream, const char *function)
{
  CUresult r;

  /* Memory that the registry does not know, or knows as freed, may come
     from cudaMalloc; the driver says.  */
  if (!released)
    {
      struct cudajit_object_info info = cudajit_find_object (p);
      if (info.known && !info.released)
        {
          cudajit_report_object (NULL, function, p, kind);
          return;
        }
    }
  if (host_kind_p (kind))
    r = cudajit_cu.cuMemFreeHost (p);
  else if (kind == CUDAJIT_POOL_MEMORY)
    r = cudajit_cu.cuMemFreeAsync (device_pointer (p),
                                   cudajit_driver_stream (stream));
  else
    r = cudajit_cu.cuMemFree_v2 (device_pointer (p));
  if (r == CUDA_ERROR_INVALID_VALUE)
    cudajit_report_object (NULL, function, p, kind);
  else
    cudajit_check (r, NULL, function);
}

void
cudajit_gpu_release_quietly (void *p)
{
  cudajit_cu.cuMemFree_v2 (device_pointer (p));
}

bool
cudajit_gpu_copy (void *dst, const void *src, size_t bytes, bool to_device,
                  bool async, cuda_stream_t stream, const char *function)
{
  const void *dev = to_device ? dst : src;
  CUstream driver_stream = cudajit_driver_stream (stream);
  struct cudajit_watch watch;
  CUresult r;

  /* A copy that is not async waits for the kernels before it.  */
  if (!async)
    cudajit_watch_gpu (&watch);
  if (to_device)
    r = async ? cudajit_cu.cuMemcpyHtoDAsync_v2 (device_pointer (dst), src,
                                                 bytes, driver_stream)
              : cudajit_cu.cuMemcpyHtoD_v2 (device_pointer (dst), src, bytes);
  else
    r = async ? cudajit_cu.cuMemcpyDtoHAsync_v2 (dst, device_pointer (src),
                                                 bytes, driver_stream)
              : cudajit_cu.cuMemcpyDtoH_v2 (dst, device_pointer (src), bytes);
  if (!async)
    cudajit_unwatch (&watch);
  /* Memory that the registry does not know, and neither does the
     driver, gets the CPU backend's message.  */
  if (r == CUDA_ERROR_INVALID_VALUE
      && !cudajit_check_range (NULL, function, dev, bytes, false))
    return false;
  return cudajit_check (r, NULL, function);
}

/* R, the driver's result of FUNCTION on the BYTES at each of the DEVICE
   pointers: memory that neither the registry nor the driver knows gets
   the CPU backend's message.  */
static void
check_device_result (CUresult r, const char *function,
                     const void *const *device, int count, size_t bytes)
{
  if (r == CUDA_ERROR_INVALID_VALUE)
    for (int i = 0; i < count; i++)
      if (!cudajit_check_range (NULL, function, device[i], bytes, false))
        return;
  cudajit_check (r, NULL, function);
}

void
cudajit_gpu_copy_device (void *dst, const void *src, size_t bytes, bool async,
                         cuda_stream_t stream, const char *function)
{
  const void *const ends[] = { dst, src };
  CUstream driver_stream = cudajit_driver_stream (stream);

  check_device_result (
      async ? cudajit_cu.cuMemcpyAsync (
          device_pointer (dst), device_pointer (src), bytes, driver_stream)
            : cudajit_cu.cuMemcpy (device_pointer (dst), device_pointer (src),
                                   bytes),
      function, ends, 2, bytes);
}

void
cudajit_gpu_copy_2d (const struct cudajit_copy_2d *copy, const char *function)
{
  CUDA_MEMCPY2D c = { 0 };
  struct cudajit_watch watch;
  CUresult r;

  c.srcPitch = copy->spitch;
  c.dstPitch = copy->dpitch;
  c.WidthInBytes = copy->width;
  c.Height = copy->height;
  if (copy->device_ends & CUDAJIT_DEVICE_SRC)
    {
      c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
      c.srcDevice = device_pointer (copy->src);
    }
  else
    {
      c.srcMemoryType = CU_MEMORYTYPE_HOST;
      c.srcHost = copy->src;
    }
  if (copy->device_ends & CUDAJIT_DEVICE_DST)
    {
      c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
      c.dstDevice = device_pointer (copy->dst);
    }
  else
    {
      c.dstMemoryType = CU_MEMORYTYPE_HOST;
      c.dstHost = copy->dst;
    }
  /* It waits for the kernels before it, as the other copies that are
     not async.  */
  cudajit_watch_gpu (&watch);
  r = cudajit_cu.cuMemcpy2DUnaligned_v2 (&c);
  cudajit_unwatch (&watch);
  /* Memory that neither the registry nor the driver knows gets the CPU
     backend's message.  */
  if (r == CUDA_ERROR_INVALID_VALUE
      && (((copy->device_ends & CUDAJIT_DEVICE_DST)
           && !cudajit_check_range (NULL, function, copy->dst, copy->dst_bytes,
                                    false))
          || ((copy->device_ends & CUDAJIT_DEVICE_SRC)
              && !cudajit_check_range (NULL, function, copy->src,
                                       copy->src_bytes, false))))
    return;
  cudajit_check (r, NULL, function);
}

void
cudajit_gpu_memset (void *ptr, int byte, size_t bytes, bool async,
                    cuda_stream_t stream, const char *function)
{
  const void *const at[] = { ptr };
  CUstream driver_stream = cudajit_driver_stream (stream);

  check_device_result (
      async ? cudajit_cu.cuMemsetD8Async (
          device_pointer (ptr), (unsigned char) byte, bytes, driver_stream)
            : cudajit_cu.cuMemsetD8_v2 (device_pointer (ptr),
                                        (unsigned char) byte, bytes),
      function, at, 1, bytes);
}

bool
cudajit_gpu_pin (void *host, size_t bytes)
{
  /* Portable, as cuda_pinned_array's is: for every GPU's context.  */
  return cudajit_check (cudajit_cu.cuMemHostRegister_v2 (
                            host, bytes, CU_MEMHOSTREGISTER_PORTABLE),
                        NULL, "cuda_pin");
}

void
cudajit_gpu_unpin (void *host)
{
  cudajit_check (cudajit_cu.cuMemHostUnregister (host), NULL, "cuda_unpin");
}

void
cudajit_gpu_synchronize (const char *function)
{
  cudajit_check (cudajit_wait_context (), NULL, function);
}
