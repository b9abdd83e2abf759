/* SPDX-License-Identifier: MIT */
/* The CPU backend's memory operations (backend.h).  Every kind of memory
   is host memory from the registry (cudajit_host_allocate), which frees
   it when it releases it; copies and fills are done at once, and there
   is nothing to pin or wait for.  */

#include "internal.h"

#include <stdint.h>
#include <string.h>

bool
cudajit_cpu_allocate (void **p, size_t bytes, enum cudajit_object_kind kind,
                      unsigned int host_flags, cuda_stream_t stream,
                      const char *function, enum cudajit_host_mapping *mapping,
                      unsigned long long *buffer_id)
{
  *p = cudajit_host_allocate (bytes, CUDAJIT_HOST_ALIGN, mapping);
  *buffer_id = 0;
  return true;
}

/* The alignment of a pitched array's rows and start: cuMemAllocPitch's
   on the GPUs of the last ten years, so that a program that assumes it
   runs alike here.  */
#define PITCH_ALIGN 512

bool
cudajit_cpu_allocate_pitched (void **p, size_t *pitch, size_t width,
                              size_t height, const char *function,
                              enum cudajit_host_mapping *mapping,
                              unsigned long long *buffer_id)
{
  *buffer_id = 0;
  *p = NULL;
  *pitch = (width + PITCH_ALIGN - 1) & -(size_t) PITCH_ALIGN;
  /* Past size_t, as no GPU has it, it is out of memory.  */
  if (*pitch >= width && height <= SIZE_MAX / *pitch)
    *p = cudajit_host_allocate (*pitch * height, PITCH_ALIGN, mapping);
  return true;
}

const char *
cudajit_cpu_memory_name (enum cudajit_object_kind kind)
{
  return "host";
}

void
cudajit_cpu_release (void *p, enum cudajit_object_kind kind, bool released,
                     cuda_stream_t stream, const char *function)
{
  if (!released)
    cudajit_report_object (NULL, function, p, kind);
}

void
cudajit_cpu_release_quietly (void *p)
{
}

bool
cudajit_cpu_copy (void *dst, const void *src, size_t bytes, bool to_device,
                  bool async, cuda_stream_t stream, const char *function)
{
  memcpy (dst, src, bytes);
  return true;
}

void
cudajit_cpu_copy_device (void *dst, const void *src, size_t bytes, bool async,
                         cuda_stream_t stream, const char *function)
{
  memmove (dst, src, bytes);
}

void
cudajit_cpu_copy_2d (const struct cudajit_copy_2d *copy, const char *function)
{
  for (size_t row = 0; row < copy->height; row++)
    memmove ((char *) copy->dst + row * copy->dpitch,
             (const char *) copy->src + row * copy->spitch, copy->width);
}

void
cudajit_cpu_memset (void *ptr, int byte, size_t bytes, bool async,
                    cuda_stream_t stream, const char *function)
{
  memset (ptr, byte, bytes);
}

bool
cudajit_cpu_pin (void *host, size_t bytes)
{
  return true;
}

void
cudajit_cpu_unpin (void *host)
{
}

void
cudajit_cpu_synchronize (const char *function)
{
}

bool
cudajit_cpu_copy_symbol (void *symbol, void *host, size_t bytes, bool to,
                         bool async, cuda_stream_t stream,
                         const struct cudajit_site *site, const char *function)
{
  return false;
}

/* The CPU backend has no driver: all its memory is the runtime's.  */
bool
cudajit_cpu_driver_memory (const void *p, int *owner)
{
  (void) p;
  (void) owner;
  return false;
}
