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
   extent then faults, where it would overwrite the program's heap.

   Here, what the arguments are, with the messages of those that no
   launch takes, the same on both backends, each of which says what
   memory the registry does not know as device memory is
   (cudajit_classify_argument): the GPU's launch is gpu-host-arrays.c,
   the CPU backend's checks and copies cpu-host-arrays.c.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

atomic_uint cudajit_free_generation;

bool
cudajit_known_device_p (struct cudajit_param *param, void *ptr,
                        unsigned int generation)
{
  return (
      atomic_load_explicit (&param->known_device, memory_order_relaxed) == ptr
      && atomic_load_explicit (&param->known_generation, memory_order_relaxed)
             == generation
      && atomic_load_explicit (&param->known_gpu, memory_order_relaxed)
             == cudajit_current_gpu_ordinal ());
}

/* What PTR, an argument for PARAM, is, as the backend's CLASSIFY says of
   what the registry knows of it.  */
static enum cudajit_argument_memory
argument_memory (struct cudajit_param *param, void *ptr,
                 cudajit_classify_argument *classify, int *owner)
{
  unsigned int generation
      = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);
  if (cudajit_known_device_p (param, ptr, generation))
    return CUDAJIT_DEVICE_ARGUMENT;

  struct cudajit_object_info info = cudajit_find_object (ptr);
  if (cudajit_handle_kind_p (info.kind))
    info.known = false;
  enum cudajit_argument_memory memory = classify (&info, ptr, owner);
  if (memory != CUDAJIT_DEVICE_ARGUMENT)
    return memory;
  atomic_store_explicit (&param->known_device, ptr, memory_order_relaxed);
  atomic_store_explicit (&param->known_generation, generation,
                         memory_order_relaxed);
  atomic_store_explicit (&param->known_gpu, cudajit_current_gpu_ordinal (),
                         memory_order_relaxed);
  return CUDAJIT_DEVICE_ARGUMENT;
}

int
cudajit_find_host_arrays (struct cudajit_kernel *kernel,
                          const struct cudajit_site *site, void **args,
                          const size_t *extent_bytes,
                          cudajit_classify_argument *classify, bool *host)
{
  struct cudajit_params *params = kernel->params;
  int host_arrays = 0;

  for (unsigned int i = 0; i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      void *ptr = p->pointer ? *(void **) args[i] : NULL;
      int owner = -1;
      enum cudajit_argument_memory memory
          = ptr ? argument_memory (p, ptr, classify, &owner)
                : CUDAJIT_DEVICE_ARGUMENT;
      host[i] = memory != CUDAJIT_DEVICE_ARGUMENT;
      if (memory == CUDAJIT_OTHER_GPU_ARGUMENT)
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
      if (memory == CUDAJIT_FREED_ARGUMENT)
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
                           const size_t *extent_bytes,
                           cudajit_classify_argument *classify)
{
  if (!kernel->params || !kernel->params->any_pointer)
    return 0;
  bool host[kernel->params->count];
  return cudajit_find_host_arrays (kernel, site, args, extent_bytes, classify,
                                   host);
}
