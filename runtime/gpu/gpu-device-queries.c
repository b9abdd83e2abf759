/* SPDX-License-Identifier: MIT */
/* The GPU backend's device queries (backend.h): what the driver says of
   each GPU and its memory.  */

#include "internal.h"

#include <stddef.h>
#include <stdio.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

/* The width of the names of the lines under a device in cuda_detect's
   list, as Numba's.  */
#define DETECT_KEY_WIDTH 40

/* What cuda_detect prints of GPU ORDINAL; whether cudajit can use it.
   NVRTC_ERROR is why NVRTC cannot be loaded, or null.  */
static bool
detect_gpu (int ordinal, const char *nvrtc_error)
{
  CUdevice device;
  char name[256] = "", why[128] = "";
  int major = 0, minor = 0, multiprocessors = 0;
  size_t memory = 0;
  CUresult r;

  if ((r = cudajit_cu.cuDeviceGet (&device, ordinal)) != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceGetName (name, sizeof name, device))
             != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceGetAttribute (
              &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
             != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceGetAttribute (
              &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
             != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceGetAttribute (
              &multiprocessors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
              device))
             != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceTotalMem_v2 (&memory, device))
             != CUDA_SUCCESS)
    snprintf (why, sizeof why, "%s", cudajit_cuda_error (r));
  else if (ordinal >= CUDAJIT_MAX_GPUS)
    snprintf (why, sizeof why, "cudajit uses the first %d GPUs",
              CUDAJIT_MAX_GPUS);
  else if (nvrtc_error)
    snprintf (why, sizeof why, "%s", nvrtc_error);
  else if (major * 10 + minor < cudajit_nvrtc_oldest_arch ())
    snprintf (why, sizeof why, "this NVRTC compiles for sm_%d and newer",
              cudajit_nvrtc_oldest_arch ());
  if (*why)
    printf ("id %d    %20s    [NOT SUPPORTED: %s]\n", ordinal, name, why);
  else
    printf ("id %d    %20s %40s\n", ordinal, name, "[SUPPORTED]");
  printf ("%*s: %d.%d\n", DETECT_KEY_WIDTH, "Compute Capability", major,
          minor);
  printf ("%*s: %d\n", DETECT_KEY_WIDTH, "Multiprocessors", multiprocessors);
  printf ("%*s: %.1f GiB\n", DETECT_KEY_WIDTH, "Memory", memory / GIB);
  return !*why;
}

int
cudajit_gpu_detect (int count)
{
  const char *nvrtc_error = cudajit_load_nvrtc ();
  int supported = 0;

  for (int i = 0; i < count; i++)
    supported += detect_gpu (i, nvrtc_error);
  return supported;
}

/* The properties that are a driver's attribute of an int as they are.  */
static const struct
{
  CUdevice_attribute attribute;
  size_t offset;
} gpu_int_attributes[] = {
#define ATTRIBUTE(name, field)                                                \
  {                                                                           \
    CU_DEVICE_ATTRIBUTE_##name,                                               \
        offsetof (struct cuda_device_properties, field)                       \
  }
  ATTRIBUTE (MULTIPROCESSOR_COUNT, multiprocessor_count),
  ATTRIBUTE (WARP_SIZE, warp_size),
  ATTRIBUTE (MAX_THREADS_PER_MULTIPROCESSOR, max_threads_per_multiprocessor),
  ATTRIBUTE (MAX_BLOCKS_PER_MULTIPROCESSOR, max_blocks_per_multiprocessor),
  ATTRIBUTE (MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
             shared_memory_per_multiprocessor),
  ATTRIBUTE (L2_CACHE_SIZE, l2_cache_bytes),
  ATTRIBUTE (CONCURRENT_KERNELS, concurrent_kernels),
  ATTRIBUTE (COOPERATIVE_LAUNCH, cooperative_launch),
  ATTRIBUTE (MANAGED_MEMORY, managed_memory),
  ATTRIBUTE (CAN_MAP_HOST_MEMORY, can_map_host_memory),
  ATTRIBUTE (PCI_DOMAIN_ID, pci_domain_id),
  ATTRIBUTE (PCI_BUS_ID, pci_bus),
  ATTRIBUTE (PCI_DEVICE_ID, pci_device),
#undef ATTRIBUTE
};

/* UUID as nvidia-smi writes it, into TEXT of SIZE.  */
static void
format_uuid (const CUuuid *uuid, char *text, size_t size)
{
  const unsigned char *b = uuid->bytes;

  snprintf (text, size,
            "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
            "%02x%02x%02x%02x%02x%02x",
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10],
            b[11], b[12], b[13], b[14], b[15]);
}

/* Those of GPU, beside what it knows already, for FUNCTION; false once
   the driver's error is reported.  */
static bool
gpu_properties (const struct cudajit_gpu *gpu,
                struct cuda_device_properties *p, const char *function)
{
  CUuuid uuid;

  if (!cudajit_check (
          cudajit_cu.cuDeviceGetName (p->name, sizeof p->name, gpu->device),
          NULL, function)
      || !cudajit_check (
          cudajit_cu.cuDeviceTotalMem_v2 (&p->total_memory, gpu->device), NULL,
          function)
      || !cudajit_check (cudajit_cu.cuDeviceGetPCIBusId (
                             p->pci_bus_id, sizeof p->pci_bus_id, gpu->device),
                         NULL, function))
    return false;
  for (size_t i = 0;
       i < sizeof gpu_int_attributes / sizeof *gpu_int_attributes; i++)
    if (!cudajit_check (
            cudajit_cu.cuDeviceGetAttribute (
                (int *) ((char *) p + gpu_int_attributes[i].offset),
                gpu_int_attributes[i].attribute, gpu->device),
            NULL, function))
      return false;
  if (cudajit_cu.cuDeviceGetUuid_v2)
    {
      if (!cudajit_check (cudajit_cu.cuDeviceGetUuid_v2 (&uuid, gpu->device),
                          NULL, function))
        return false;
      format_uuid (&uuid, p->uuid, sizeof p->uuid);
    }
  /* arch is major * 10 + minor, and no minor reaches 10.  */
  p->major = gpu->arch / 10;
  p->minor = gpu->arch % 10;
  p->max_threads_per_block = (int) gpu->limits.threads;
  p->max_block_dim = gpu->limits.block;
  p->max_grid_dim = gpu->limits.grid;
  p->shared_memory_per_block = gpu->limits.shared_bytes;
  return true;
}

bool
cudajit_gpu_device_properties (int device, struct cuda_device_properties *p,
                               const char *function)
{
  struct cudajit_gpu *gpu = cudajit_usable_gpu (device, function);

  return !gpu || gpu_properties (gpu, p, function);
}

void
cudajit_gpu_memory_info (size_t *free_bytes, size_t *total_bytes,
                         const char *function)
{
  if (!cudajit_check (cudajit_cu.cuMemGetInfo_v2 (free_bytes, total_bytes),
                      NULL, function))
    *free_bytes = *total_bytes = 0;
}

void
cudajit_gpu_set_device_heap (size_t bytes, const char *function)
{
  /* The selected GPU's context, current in this thread.  */
  if (cudajit_gpu_p ())
    cudajit_check (cudajit_cu.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, bytes),
                   NULL, function);
}
