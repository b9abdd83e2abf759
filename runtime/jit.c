/* The registry of modules and kernels, and their compilation by NVRTC when
   one of a module's kernels is first launched.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Held while a module or a kernel is being loaded.  */
static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;

/* TEXT, which may be null, with MORE appended.  */
static char *
append (char *text, const char *more)
{
  size_t length = text ? strlen (text) : 0, extra = strlen (more) + 1;

  text = cudajit_xrealloc (text, length + extra);
  memcpy (text + length, more, extra);
  return text;
}

/* Add CUDA_SOURCE to the module of a translation unit, which the first
   registration creates with the unit's PRELUDE.  This runs in
   constructors, maybe before main and before the program has a chance to
   set CUDAJIT_BACKEND, so it only records what it is given.  */
static struct cudajit_module *
add_to_module (void **module, const char *unit_name, const char *prelude,
               const char *cuda_source)
{
  struct cudajit_module *m;

  pthread_mutex_lock (&jit_lock);
  m = *module;
  /* A module already compiled, because a constructor launched one of its
     kernels, cannot take more: later code starts a new one.  */
  if (!m || m->code)
    {
      m = cudajit_xrealloc (NULL, sizeof *m);
      *m = (struct cudajit_module){ .unit_name = unit_name,
                                    .cuda_source = append (NULL, prelude) };
      *module = m;
    }
  m->cuda_source = append (m->cuda_source, cuda_source);
  pthread_mutex_unlock (&jit_lock);
  return m;
}

void
cudajit_register_kernel (void **kernel, void **module, const char *unit_name,
                         const char *prelude, const char *name,
                         const char *cuda_source,
                         void (*host_entry) (void **args))
{
  struct cudajit_kernel *k = cudajit_xrealloc (NULL, sizeof *k);

  k->name = name;
  k->module = add_to_module (module, unit_name, prelude, cuda_source);
  k->host_entry = host_entry;
  k->params = NULL;
  k->static_shared_bytes = 0;
  k->barrier = false;
  for (int i = 0; i < CUDAJIT_MAX_GPUS; i++)
    atomic_init (&k->function[i], NULL);
  *kernel = k;
}

void
cudajit_register_code (void **module, const char *unit_name,
                       const char *prelude, const char *cuda_source)
{
  add_to_module (module, unit_name, prelude, cuda_source);
}

/* Compile KERNEL's module for a GPU of architecture ARCH, for the launch
   of KERNEL at FILE:LINE.  Return false if it cannot be.  */
static bool
compile_module (const struct cudajit_kernel *kernel, int arch,
                const char *file, int line)
{
  struct cudajit_module *module = kernel->module;
  const char *error = cudajit_load_nvrtc ();
  struct cudajit_image image;
  char *name;

  if (error)
    {
      cudajit_error (kernel->name, file, line, "%s", error);
      return false;
    }
  name = append (append (NULL, module->unit_name), ".cu");
  error = cudajit_nvrtc_compile (module->cuda_source, name, arch, true,
                                 &image);
  if (error)
    cudajit_error (kernel->name, file, line,
                   "NVRTC cannot compile %s for %s_%d: %s%s%s", name,
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

/* Load KERNEL's module on GPU, for the launch of KERNEL at FILE:LINE,
   compiling it again if it was compiled for another architecture.  Return
   false if it cannot be.  */
static bool
load_module (const struct cudajit_kernel *kernel,
             const struct cudajit_gpu *gpu, const char *file, int line)
{
  struct cudajit_module *module = kernel->module;

  if (module->code_arch != gpu->arch
      && !compile_module (kernel, gpu->arch, file, line))
    return false;
  /* The driver compiles PTX further itself.  */
  return cudajit_check (cudajit_cu.cuModuleLoadData (
                            &module->handle[gpu->ordinal], module->code),
                        kernel->name, file, line, "cuModuleLoadData");
}

CUfunction
cudajit_kernel_function (struct cudajit_kernel *kernel, const char *file,
                         int line)
{
  const struct cudajit_gpu *gpu = cudajit_current_gpu;
  _Atomic (CUfunction) *slot = &kernel->function[gpu->ordinal];
  CUfunction function = atomic_load_explicit (slot, memory_order_acquire);
  CUmodule *handle = &kernel->module->handle[gpu->ordinal];

  if (function)
    return function;
  pthread_mutex_lock (&jit_lock);
  function = atomic_load_explicit (slot, memory_order_relaxed);
  if (!function && (*handle || load_module (kernel, gpu, file, line)))
    {
      if (cudajit_check (cudajit_cu.cuModuleGetFunction (&function, *handle,
                                                          kernel->name),
                         kernel->name, file, line, "cuModuleGetFunction"))
        atomic_store_explicit (slot, function, memory_order_release);
      else
        function = NULL;
    }
  pthread_mutex_unlock (&jit_lock);
  return function;
}
