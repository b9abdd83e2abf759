/* SPDX-License-Identifier: MIT */
/* What the program may ask of its devices: cuda_detect, the properties
   of a device and its memory, which each backend answers
   (gpu-device-queries.c, cpu-device-queries.c).  */

#include "internal.h"

#include <stdio.h>
#include <string.h>

int
cuda_detect (void)
{
  int count, supported;

  /* Quietly: the CPU backend's line says why kernels run there.  */
  cudajit_gpu_quietly_p ();
  count = cuda_device_count ();
  printf ("Found %d CUDA devices\n", count);
  supported = cudajit_backend_ops ()->detect (count);
  printf ("Summary:\n\t%d/%d devices are supported\n", supported, count);
  fflush (stdout);
  return supported > 0;
}

int
cuda_current_device (void)
{
  return cudajit_current_gpu_ordinal ();
}

struct cuda_device_properties
cuda_device_properties (int device)
{
  struct cuda_device_properties p;

  memset (&p, 0, sizeof p);
  if (!cudajit_backend_ops ()->device_properties (device, &p,
                                                  "cuda_device_properties"))
    memset (&p, 0, sizeof p);
  return p;
}

void
cuda_memory_info (size_t *free_bytes, size_t *total_bytes)
{
  *free_bytes = *total_bytes = 0;
  cudajit_backend_ops ()->memory_info (free_bytes, total_bytes,
                                       "cuda_memory_info");
}

void
cuda_set_device_heap (size_t bytes)
{
  /* CUDA sizes a GPU's heap when a kernel that calls malloc or free first
     runs there, and refuses a size after; the runtime does not know
     which kernels do, so both backends refuse it after any launch.  */
  if (cudajit_launched_p ())
    cudajit_error (NULL,
                   "cuda_set_device_heap (%zu) after a kernel's launch: the "
                   "heap of malloc and free in kernels is sized before the "
                   "program's first launch",
                   bytes);
  else
    cudajit_backend_ops ()->set_device_heap (bytes, "cuda_set_device_heap");
}
