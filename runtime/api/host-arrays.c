/* SPDX-License-Identifier: MIT */
/* Automatic transfer of host arrays.

   A pointer parameter whose declaration gives the extent of its array
   (see plugin/base/array-params.cc) may receive host memory: the launch then
   allocates device memory, copies the array in, launches, waits, copies
   it back and frees, copying only in the directions that the declaration
   allows.  Device memory, from cudajit, cudaMalloc or managed memory, and
   mapped memory are passed as they are.  Host memory given to a pointer
   parameter without an extent is an error, rather than a fault on the GPU.

   The copies are staged through pinned buffers (staging.c), unless the
   arrays are pinned already.

   On the CPU backend the kernel takes the host arrays themselves, unless
   CUDAJIT_CHECK=bounds asks for copies as the GPU's, each followed by
   memory that faults when touched: a kernel that runs past an array's
   extent then faults, where it would overwrite the program's heap.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

atomic_uint cudajit_free_generation;

/* What an argument for a pointer parameter is.  */
enum argument_memory
{
  DEVICE_ARGUMENT,
  /* Host memory, including pinned memory, which the GPU could reach only
     across the bus.  */
  HOST_ARGUMENT,
  /* Memory that cudajit has freed.  */
  FREED_ARGUMENT,
  /* Memory of a GPU that the launching one cannot reach.  */
  OTHER_GPU_ARGUMENT
};

/* Whether PTR, the argument for PARAM, was found to be device memory
   since the last free, at GENERATION.  */
static bool
known_device_p (struct cudajit_param *param, void *ptr,
                unsigned int generation)
{
  return (
      atomic_load_explicit (&param->known_device, memory_order_relaxed) == ptr
      && atomic_load_explicit (&param->known_generation, memory_order_relaxed)
             == generation
      && atomic_load_explicit (&param->known_gpu, memory_order_relaxed)
             == cudajit_current_gpu_ordinal ());
}

/* What PTR, an argument for PARAM, is, on the GPU if GPU, else on the CPU
   backend, where device memory is the host memory that the registry knows
   as such.  */
static enum argument_memory
argument_memory (struct cudajit_param *param, void *ptr, bool gpu, int *owner)
{
  unsigned int generation
      = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);
  if (known_device_p (param, ptr, generation))
    return DEVICE_ARGUMENT;

  struct cudajit_object_info info = cudajit_find_object (ptr);
  if (cudajit_handle_kind_p (info.kind))
    info.known = false;
  bool freed = info.known && info.released;
  if (!info.known || info.released || !cudajit_kernel_memory_p (info.kind))
    {
      /* The driver also knows memory from cudaMalloc and managed memory,
         which may be where cudajit freed some.  */
      if (!gpu || (info.known && !info.released)
          || (freed && cudajit_gpu_freed_p (&info, ptr)))
        return freed ? FREED_ARGUMENT : HOST_ARGUMENT;
      /* Here an address that cudajit freed is another allocation's now,
         or the host's; the driver says of which GPU, lest the kernel
         fault on another's.  */
      if (!cudajit_driver_device_memory (ptr, owner))
        return HOST_ARGUMENT;
      if (*owner >= 0 && !cudajit_gpu_reaches (*owner))
        return OTHER_GPU_ARGUMENT;
    }
  /* Every GPU reaches mapped and managed memory.  */
  else if (gpu
           && (info.kind == CUDAJIT_DEVICE_MEMORY
               || info.kind == CUDAJIT_POOL_MEMORY)
           && !cudajit_gpu_reaches (info.gpu))
    {
      *owner = info.gpu;
      return OTHER_GPU_ARGUMENT;
    }
  atomic_store_explicit (&param->known_device, ptr, memory_order_relaxed);
  atomic_store_explicit (&param->known_generation, generation,
                         memory_order_relaxed);
  atomic_store_explicit (&param->known_gpu, cudajit_current_gpu_ordinal (),
                         memory_order_relaxed);
  return DEVICE_ARGUMENT;
}

int
cudajit_find_host_arrays (struct cudajit_kernel *kernel,
                          const struct cudajit_site *site, void **args,
                          const size_t *extent_bytes, bool gpu, bool *host)
{
  struct cudajit_params *params = kernel->params;
  int host_arrays = 0;

  for (unsigned int i = 0; i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      void *ptr = p->pointer ? *(void **) args[i] : NULL;
      int owner = -1;
      enum argument_memory memory
          = ptr ? argument_memory (p, ptr, gpu, &owner) : DEVICE_ARGUMENT;
      host[i] = memory != DEVICE_ARGUMENT;
      if (memory == OTHER_GPU_ARGUMENT)
        {
          int current = cudajit_current_gpu_ordinal ();
          cudajit_error (site,
                         "argument %u, '%s', is memory of GPU %d, which the "
                         "kernel cannot reach from GPU %d; launch it on GPU "
                         "%d (cuda_select_device), copy the array there, or "
                         "call cuda_enable_peer_access (%d) on GPU %d",
                         i + 1, p->name, owner, current, owner, owner,
                         current);
          return -1;
        }
      if (memory == FREED_ARGUMENT)
        {
          struct cudajit_object_info info = cudajit_find_object (ptr);
          cudajit_error (site, "argument %u, '%s', points into %s that was %s",
                         i + 1, p->name, cudajit_object_kinds[info.kind].what,
                         cudajit_object_kinds[info.kind].ended);
          return -1;
        }
      if (!host[i])
        continue;
      if (extent_bytes && p->copies
          && (!extent_bytes[i] || cudajit_extent_error (extent_bytes[i])))
        {
          static const char *const why[CUDAJIT_EXTENT_ERRORS] = {
            [0] = "comes to zero at this launch, an empty array",
            [CUDAJIT_EXTENT_NEGATIVE] = "is negative at this launch",
            [CUDAJIT_EXTENT_OVERFLOW]
            = "overflows at this launch: its computation, or its size in "
              "bytes, goes past what its type holds",
            [CUDAJIT_EXTENT_DIVISION_BY_ZERO]
            = "divides by zero at this launch",
          };
          cudajit_error (site,
                         "argument %u, '%s', is host memory, but the extent "
                         "that its parameter declares %s; check the "
                         "arguments that give the extent",
                         i + 1, p->name,
                         why[cudajit_extent_error (extent_bytes[i])]);
          return -1;
        }
      if (!extent_bytes || !extent_bytes[i] || !p->copies)
        {
          cudajit_error (
              site,
              "argument %u, '%s', is host memory, but the parameter "
              "does not declare the extent that would copy it to "
              "the GPU; declare it as an array, for example "
              "'float %s[n]' with n another parameter, or pass "
              "device memory from cuda_to_device or "
              "cuda_device_array",
              i + 1, p->name, p->name);
          return -1;
        }
      host_arrays++;
    }
  return host_arrays;
}

int
cudajit_count_host_arrays (struct cudajit_kernel *kernel,
                           const struct cudajit_site *site, void **args,
                           const size_t *extent_bytes, bool gpu)
{
  if (!kernel->params || !kernel->params->any_pointer)
    return 0;
  bool host[kernel->params->count];
  return cudajit_find_host_arrays (kernel, site, args, extent_bytes, gpu,
                                   host);
}

/* The arguments of cudajit_check_cpu_arguments, when they are not those
   of the last launch.  */
static __attribute__ ((noinline, cold)) int
check_new_cpu_arguments (struct cudajit_kernel *kernel,
                         const struct cudajit_site *site, void **args,
                         const size_t *extent_bytes)
{
  return cudajit_count_host_arrays (kernel, site, args, extent_bytes, false);
}

int
cudajit_check_cpu_arguments (struct cudajit_kernel *kernel,
                             const struct cudajit_site *site, void **args,
                             const size_t *extent_bytes)
{
  struct cudajit_params *params = kernel->params;

  if (!params || !params->any_pointer)
    return 0;
  /* The arguments of the last launch, as in a loop, cost no lookup.  */
  unsigned int generation
      = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);
  struct cudajit_param *param = params->param;
  for (unsigned int i = 0, count = params->count; i < count; i++)
    {
      void *ptr = param[i].pointer ? *(void **) args[i] : NULL;
      if (ptr && !known_device_p (&param[i], ptr, generation))
        return check_new_cpu_arguments (kernel, site, args, extent_bytes);
    }
  return 0;
}

bool
cudajit_check_cpu_argument_ends (struct cudajit_kernel *kernel,
                                 const struct cudajit_site *site, void **args)
{
  struct cudajit_params *params = kernel->params;

  if (!params || !params->any_pointer)
    return true;
  void *pointers[params->count];
  for (unsigned int i = 0; i < params->count; i++)
    pointers[i] = params->param[i].pointer ? *(void **) args[i] : NULL;
  struct cudajit_object_info info;
  size_t past;
  unsigned int i = cudajit_first_overwritten_slack (pointers, params->count,
                                                    &past, &info);
  if (!past)
    return true;
  cudajit_error (site,
                 CUDAJIT_FAULT_ADDRESS
                 ": the kernel stored up to %zu byte%s past the end "
                 "of the %zu bytes of %s at "
                 "%p, argument %u, '%s' (in the bytes before its "
                 "guard that its alignment leaves, where the store "
                 "did not fault)",
                 past, past == 1 ? "" : "s", info.size,
                 cudajit_object_kinds[info.kind].what, info.base, i + 1,
                 params->param[i].name);
  return false;
}

/* The alignment of a guarded copy of BYTES: as large as divides them, up
   to the CPU backend's, so that the copy ends where its pages do.  An
   array's extent is a multiple of the alignment of its elements.  */
static size_t
copy_align (size_t bytes)
{
  size_t align = bytes & -bytes;

  return align < CUDAJIT_HOST_ALIGN ? align : CUDAJIT_HOST_ALIGN;
}

bool
cudajit_guard_host_arrays (struct cudajit_kernel *kernel,
                           const struct cudajit_site *site, void **args,
                           const size_t *extent_bytes, void **copies,
                           enum cudajit_host_mapping *mappings,
                           void **guarded_args)
{
  struct cudajit_params *params = kernel->params;
  bool host[params->count];

  if (cudajit_find_host_arrays (kernel, site, args, extent_bytes, false, host)
      < 0)
    return false;
  for (unsigned int i = 0; i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];

      copies[i] = NULL;
      guarded_args[i] = args[i];
      if (!host[i])
        continue;
      copies[i] = cudajit_host_allocate (
          extent_bytes[i], copy_align (extent_bytes[i]), &mappings[i]);
      if (!copies[i])
        {
          cudajit_error (site,
                         "CUDAJIT_CHECK=bounds: out of host memory copying "
                         "the %zu bytes of argument %u, '%s'",
                         extent_bytes[i], i + 1, p->name);
          cudajit_unguard_host_arrays (kernel, args, extent_bytes, copies,
                                       mappings, false);
          return false;
        }
      /* What a GPU's copy holds before the kernel writes it is
         undefined; the program's own is as likely as any.  */
      memcpy (copies[i], *(void **) args[i], extent_bytes[i]);
      guarded_args[i] = &copies[i];
    }
  return true;
}

void
cudajit_unguard_host_arrays (struct cudajit_kernel *kernel, void **args,
                             const size_t *extent_bytes, void **copies,
                             const enum cudajit_host_mapping *mappings,
                             bool copy_out)
{
  struct cudajit_params *params = kernel->params;

  for (unsigned int i = 0; i < params->count; i++)
    if (copies[i])
      {
        if (copy_out && (params->param[i].copies & CUDAJIT_COPY_OUT))
          memcpy (*(void **) args[i], copies[i], extent_bytes[i]);
        cudajit_host_free (copies[i], extent_bytes[i], mappings[i]);
        copies[i] = NULL;
      }
}
