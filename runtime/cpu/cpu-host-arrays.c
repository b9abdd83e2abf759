/* SPDX-License-Identifier: MIT */
/* The CPU backend's host arrays (see host-arrays.c): the kernel takes
   them as they are, unless CUDAJIT_CHECK=bounds asks for copies guarded
   by memory that faults when touched; the pointer arguments checked as a
   GPU would take them, and the slack past their ends after the launch.  */

#include "cpu-backend.h"

#include <string.h>

/* Memory that the registry does not know as kernels' memory is the
   host's, or freed.  */
enum cudajit_argument_memory
cudajit_cpu_classify_argument (const struct cudajit_object_info *info,
                               void *ptr, int *owner)
{
  (void) ptr;
  (void) owner;
  if (!info->known || info->released || !cudajit_kernel_memory_p (info->kind))
    return info->known && info->released ? CUDAJIT_FREED_ARGUMENT
                                         : CUDAJIT_HOST_ARGUMENT;
  return CUDAJIT_DEVICE_ARGUMENT;
}

/* The arguments of cudajit_check_cpu_arguments, when they are not those
   of the last launch.  */
static __attribute__ ((noinline, cold)) int
check_new_cpu_arguments (struct cudajit_kernel *kernel,
                         const struct cudajit_site *site, void **args,
                         const size_t *extent_bytes)
{
  return cudajit_count_host_arrays (kernel, site, args, extent_bytes,
                                    cudajit_cpu_classify_argument);
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
      if (ptr && !cudajit_known_device_p (&param[i], ptr, generation))
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

  if (cudajit_find_host_arrays (kernel, site, args, extent_bytes,
                                cudajit_cpu_classify_argument, host)
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
