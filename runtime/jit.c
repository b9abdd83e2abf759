/* SPDX-License-Identifier: MIT */
/* The registry of modules and kernels, and their compilation by NVRTC when
   one of a module's kernels is first launched.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compile KERNEL's module for a GPU of architecture ARCH, for the launch
   at SITE.  Return false if it cannot be.  */
static bool
compile_module (const struct cudajit_kernel *kernel, int arch,
                const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;
  const char *error = cudajit_load_nvrtc ();
  struct cudajit_image image;
  char *name;

  if (error)
    {
      cudajit_error (site, "%s", error);
      return false;
    }
  name = cudajit_append (cudajit_append (NULL, module->unit_name), ".cu");
  double start = cudajit_profile_clock_ms ();
  char *range
      = cudajit_append (cudajit_append (NULL, "cudajit: compile "), name);
  cudajit_range_push (range);
  error = cudajit_nvrtc_compile (module->cuda_source, name, arch,
                                 module->compile_flags, true, &image);
  cudajit_range_pop ();
  free (range);
  if (!module->compile_ms)
    {
      module->compile_ms = cudajit_profile_clock_ms () - start;
      module->compile_cached = image.cached;
    }
  if (error)
    cudajit_error (site, "NVRTC cannot compile %s for %s_%d: %s%s%s", name,
                   image.ptx ? "compute" : "sm", image.arch, error,
                   *image.log ? "\n" : "", image.log);
  else
    {
      free (module->code);
      module->code = image.code;
      module->code_arch = arch;
    }
  free (image.log);
  free (name);
  return !error;
}

/* Load KERNEL's module on GPU, for the launch at SITE,
   compiling it again if it was compiled for another architecture.  Return
   false if it cannot be.  */
static bool
load_module (const struct cudajit_kernel *kernel,
             const struct cudajit_gpu *gpu, const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;

  if (module->code_arch != gpu->arch
      && !compile_module (kernel, gpu->arch, site))
    return false;
  /* The driver compiles PTX further itself.  */
  return cudajit_check (cudajit_cu.cuModuleLoadData (
                            &module->handle[gpu->ordinal], module->code),
                        site, "cuModuleLoadData");
}

CUfunction
cudajit_kernel_function (struct cudajit_kernel *kernel,
                         const struct cudajit_site *site)
{
  const struct cudajit_gpu *gpu = cudajit_current_gpu;
  _Atomic (CUfunction) *slot = &kernel->function[gpu->ordinal];
  CUfunction function = atomic_load_explicit (slot, memory_order_acquire);
  CUmodule *handle = &kernel->module->handle[gpu->ordinal];

  if (function)
    return function;
  pthread_mutex_lock (&cudajit_module_lock);
  function = atomic_load_explicit (slot, memory_order_relaxed);
  if (!function && (*handle || load_module (kernel, gpu, site)))
    {
      if (cudajit_check (cudajit_cu.cuModuleGetFunction (&function, *handle,
                                                         kernel->name),
                         site, "cuModuleGetFunction"))
        atomic_store_explicit (slot, function, memory_order_release);
      else
        function = NULL;
    }
  pthread_mutex_unlock (&cudajit_module_lock);
  return function;
}
