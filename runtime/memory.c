/* The memory API.  Device pointers are plain pointers: on the GPU, the
   driver's unified addresses; on the CPU backend, host memory.  */

#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static CUdeviceptr
device_pointer (const void *p)
{
  return (CUdeviceptr) (uintptr_t) p;
}

static void *
allocate (size_t bytes, const char *function)
{
  bool gpu;
  void *p;

  /* The driver refuses to allocate nothing; an empty array is no error.  */
  if (bytes == 0)
    return NULL;
  gpu = cudajit_gpu_p ();
  if (gpu)
    {
      CUdeviceptr dev = 0;
      CUresult r = cudajit_cu.cuMemAlloc_v2 (&dev, bytes);

      if (r != CUDA_ERROR_OUT_OF_MEMORY)
        cudajit_check (r, NULL, NULL, 0, function);
      p = (void *) (uintptr_t) dev;
    }
  else
    p = malloc (bytes);
  if (!p)
    cudajit_fatal (NULL, NULL, 0, "%s: out of %s memory allocating %zu bytes",
                   function, gpu ? "GPU" : "host", bytes);
  return p;
}

static void
copy (void *dst, const void *src, size_t bytes, bool to_device,
      const char *function)
{
  CUresult r;

  if (bytes == 0)
    return;
  if (!cudajit_gpu_p ())
    {
      memcpy (dst, src, bytes);
      return;
    }
  r = to_device ? cudajit_cu.cuMemcpyHtoD_v2 (device_pointer (dst), src, bytes)
                : cudajit_cu.cuMemcpyDtoH_v2 (dst, device_pointer (src), bytes);
  if (r == CUDA_ERROR_INVALID_VALUE)
    cudajit_fatal (NULL, NULL, 0, "%s: the %zu bytes at %p are not GPU memory",
                   function, bytes, to_device ? dst : src);
  cudajit_check (r, NULL, NULL, 0, function);
}

void *
cuda_device_array (size_t bytes)
{
  return allocate (bytes, "cuda_device_array");
}

void *
cuda_to_device (const void *host, size_t bytes)
{
  void *dev = allocate (bytes, "cuda_to_device");

  copy (dev, host, bytes, true, "cuda_to_device");
  return dev;
}

void
cuda_copy_to_host (void *host, const void *dev, size_t bytes)
{
  copy (host, dev, bytes, false, "cuda_copy_to_host");
}

void
cuda_copy_to_device (void *dev, const void *host, size_t bytes)
{
  copy (dev, host, bytes, true, "cuda_copy_to_device");
}

void
cuda_free (void *dev)
{
  CUresult r;

  if (!dev)
    return;
  if (!cudajit_gpu_p ())
    {
      free (dev);
      return;
    }
  r = cudajit_cu.cuMemFree_v2 (device_pointer (dev));
  if (r == CUDA_ERROR_INVALID_VALUE)
    cudajit_fatal (NULL, NULL, 0,
                   "cuda_free: %p is not the start of a GPU allocation", dev);
  cudajit_check (r, NULL, NULL, 0, "cuda_free");
}

void
cuda_synchronize (void)
{
  if (cudajit_gpu_p ())
    cudajit_check (cudajit_cu.cuCtxSynchronize (), NULL, NULL, 0,
                   "cuda_synchronize");
}
