/* SPDX-License-Identifier: MIT */
/* The GPU's host arrays (see host-arrays.c): what a launch's arguments
   are, with what the driver knows of them; and the launch of a kernel
   with host arrays: device memory for each, the arrays copied in through
   the pinned buffers of staging.c, the launch, the copies back, and the
   wait for them, timed by events for CUDAJIT_PROFILE and
   CUDAJIT_VERBOSE.  */

#include "internal.h"

#include <string.h>

/* What the driver knows too: memory from cudaMalloc and managed memory,
   and the GPU that each allocation is on.  */
enum cudajit_argument_memory
cudajit_gpu_classify_argument (const struct cudajit_object_info *info,
                               void *ptr, int *owner)
{
  bool freed = info->known && info->released;
  if (!info->known || info->released || !cudajit_kernel_memory_p (info->kind))
    {
      /* The driver also knows memory from cudaMalloc and managed memory,
         which may be where cudajit freed some.  */
      if ((info->known && !info->released)
          || (freed && cudajit_gpu_freed_p (info, ptr)))
        return freed ? CUDAJIT_FREED_ARGUMENT : CUDAJIT_HOST_ARGUMENT;
      /* Here an address that cudajit freed is another allocation's now,
         or the host's; the driver says of which GPU, lest the kernel
         fault on another's.  */
      if (!cudajit_driver_device_memory (ptr, owner))
        return CUDAJIT_HOST_ARGUMENT;
      if (*owner >= 0 && !cudajit_gpu_reaches (*owner))
        return CUDAJIT_OTHER_GPU_ARGUMENT;
    }
  /* Every GPU reaches mapped and managed memory.  */
  else if ((info->kind == CUDAJIT_DEVICE_MEMORY
            || info->kind == CUDAJIT_POOL_MEMORY)
           && !cudajit_gpu_reaches (info->gpu))
    {
      *owner = info->gpu;
      return CUDAJIT_OTHER_GPU_ARGUMENT;
    }
  return CUDAJIT_DEVICE_ARGUMENT;
}

bool
cudajit_launch_host_arrays (struct cudajit_kernel *kernel, CUfunction function,
                            const struct cudajit_launch_config *config,
                            const struct cudajit_site *site, void **args,
                            const size_t *extent_bytes)
{
  struct cudajit_params *params = kernel->params;
  struct cudajit_transfer transfer = { *site, NULL };

  if (!params || !params->any_pointer)
    return false;
  /* Which arguments are host arrays, asked of the driver once.  */
  bool host[params->count];
  int host_arrays = cudajit_find_host_arrays (
      kernel, site, args, extent_bytes, cudajit_gpu_classify_argument, host);
  if (host_arrays < 0)
    return true;
  if (!host_arrays)
    return false;

  /* The arguments as the kernel gets them: device copies instead of the
     host arrays.  */
  void *device_args[params->count];
  CUdeviceptr device[params->count];
  CUstream stream = config->stream;
  bool ok = true;
  /* For CUDAJIT_PROFILE, before the copies in, before the launch, after
     it and after the copies out.  */
  CUevent events[4] = { NULL };
  bool verbose = cudajit_verbose_p ();
  bool timed = cudajit_profiling () || verbose;
  unsigned long long bytes = 0;
  for (int e = 0; timed && e < 4; e++)
    timed = cudajit_cu.cuEventCreate (&events[e], 0) == CUDA_SUCCESS;
  memset (device, 0, sizeof device);
  ok = cudajit_staging_begin (&transfer);
  timed
      = timed && cudajit_cu.cuEventRecord (events[0], stream) == CUDA_SUCCESS;
  cudajit_range_push ("cudajit: copy host arrays in");
  for (unsigned int i = 0; ok && i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      device_args[i] = args[i];
      if (!host[i])
        continue;
      device[i] = cudajit_device_block (extent_bytes[i], &transfer, p->name);
      device_args[i] = &device[i];
      ok = device[i]
           && (!(p->copies & CUDAJIT_COPY_IN)
               || cudajit_copy_in (device[i], *(void **) args[i],
                                   extent_bytes[i], stream, &transfer));
      if (p->copies & CUDAJIT_COPY_IN)
        bytes += extent_bytes[i];
      cudajit_verbose ("kernel '%s' launched at %s:%d: host array '%s', %zu "
                       "bytes, %s",
                       site->kernel, site->file, site->line, p->name,
                       extent_bytes[i],
                       p->copies == (CUDAJIT_COPY_IN | CUDAJIT_COPY_OUT)
                           ? "copied to the GPU and back"
                       : p->copies & CUDAJIT_COPY_IN ? "copied to the GPU"
                       : p->copies & CUDAJIT_COPY_OUT
                           ? "copied back from the GPU"
                           : "not copied (neither read nor written)");
    }
  cudajit_range_pop ();
  timed
      = timed && cudajit_cu.cuEventRecord (events[1], stream) == CUDA_SUCCESS;

  ok = ok
       && cudajit_transfer_check (
           cudajit_cu.cuLaunchKernel (
               function, config->grid.x, config->grid.y, config->grid.z,
               config->block.x, config->block.y, config->block.z,
               config->shared_bytes, stream, device_args, NULL),
           &transfer, "cuLaunchKernel");
  timed
      = timed && cudajit_cu.cuEventRecord (events[2], stream) == CUDA_SUCCESS;
  cudajit_range_push ("cudajit: copy host arrays out, wait for them");
  for (unsigned int i = 0; ok && i < params->count; i++)
    if (device[i] && (params->param[i].copies & CUDAJIT_COPY_OUT))
      {
        ok = cudajit_copy_out (*(void **) args[i], device[i], extent_bytes[i],
                               stream, &transfer);
        bytes += extent_bytes[i];
      }
  timed
      = timed && cudajit_cu.cuEventRecord (events[3], stream) == CUDA_SUCCESS;
  /* The kernel is done with its arrays once the stream is.  */
  if (ok)
    ok = cudajit_transfer_check (cudajit_wait_stream (stream), &transfer,
                                 "the launch with host arrays");
  cudajit_range_pop ();
  if (ok && timed && cudajit_profiling ())
    cudajit_profile_host_arrays (kernel, events, bytes);
  float copy_in, copy_out;
  if (ok && timed && verbose
      && cudajit_cu.cuEventElapsedTime (&copy_in, events[0], events[1])
             == CUDA_SUCCESS
      && cudajit_cu.cuEventElapsedTime (&copy_out, events[2], events[3])
             == CUDA_SUCCESS)
    cudajit_verbose ("kernel '%s' launched at %s:%d: copies to the GPU took "
                     "%.3f ms, back %.3f ms",
                     site->kernel, site->file, site->line, copy_in, copy_out);
  for (int e = 0; e < 4; e++)
    if (events[e])
      cudajit_cu.cuEventDestroy_v2 (events[e]);
  for (unsigned int i = 0; i < params->count; i++)
    if (device[i])
      cudajit_spare_block (device[i], extent_bytes[i], &transfer);
  cudajit_staging_end (&transfer);
  return true;
}
