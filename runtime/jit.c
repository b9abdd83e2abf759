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

/* This runs in constructors, maybe before main and before the program has
   a chance to set CUDAJIT_BACKEND, so it only records what it is given.  */
void
cudajit_register_kernel (void **kernel, void **module, const char *unit_name,
                         const char *prelude, const char *name,
                         const char *cuda_source,
                         void (*host_entry) (void **args))
{
  struct cudajit_module *m;
  struct cudajit_kernel *k = cudajit_xrealloc (NULL, sizeof *k);

  pthread_mutex_lock (&jit_lock);
  m = *module;
  /* A module already loaded, because a constructor launched one of its
     kernels, cannot take more: later kernels start a new one.  */
  if (!m || m->handle)
    {
      m = cudajit_xrealloc (NULL, sizeof *m);
      *m = (struct cudajit_module){ unit_name, append (NULL, prelude), NULL };
      *module = m;
    }
  m->cuda_source = append (m->cuda_source, cuda_source);
  pthread_mutex_unlock (&jit_lock);

  k->name = name;
  k->module = m;
  k->host_entry = host_entry;
  atomic_init (&k->function, NULL);
  *kernel = k;
}

/* NVRTC fails here only if something is badly wrong, such as memory.  */
static void
nvrtc_check (nvrtcResult result, const char *function)
{
  if (result != NVRTC_SUCCESS)
    cudajit_fatal (NULL, NULL, 0, "%s: %s", function,
                   cudajit_nvrtc.nvrtcGetErrorString (result));
}

/* The newest architecture that NVRTC supports at or below ARCH, or 0; and
   the oldest it supports in *OLDEST.  */
static int
supported_arch (int arch, int *oldest)
{
  int count, *archs, best = 0;

  nvrtc_check (cudajit_nvrtc.nvrtcGetNumSupportedArchs (&count),
               "nvrtcGetNumSupportedArchs");
  archs = cudajit_xrealloc (NULL, count * sizeof *archs);
  nvrtc_check (cudajit_nvrtc.nvrtcGetSupportedArchs (archs),
               "nvrtcGetSupportedArchs");
  *oldest = archs[0];
  for (int i = 0; i < count; i++)
    {
      if (archs[i] <= arch && archs[i] > best)
        best = archs[i];
      if (archs[i] < *oldest)
        *oldest = archs[i];
    }
  free (archs);
  return best;
}

const char *
cudajit_nvrtc_compile (const char *source, const char *name, int arch,
                       struct cudajit_image *image)
{
  nvrtcProgram program;
  nvrtcResult result;
  char option[64];
  const char *options[] = { option };
  size_t size;
  int oldest;

  image->arch = supported_arch (arch, &oldest);
  if (!image->arch)
    {
      char text[64];

      snprintf (text, sizeof text, "this NVRTC supports sm_%d and newer",
                oldest);
      *image = (struct cudajit_image){ NULL, 0, arch, false,
                                       append (NULL, text) };
      return "unsupported GPU architecture";
    }
  image->ptx = image->arch != arch;
  snprintf (option, sizeof option, "--gpu-architecture=%s_%d",
            image->ptx ? "compute" : "sm", image->arch);

  nvrtc_check (cudajit_nvrtc.nvrtcCreateProgram (&program, source, name, 0,
                                                 NULL, NULL),
               "nvrtcCreateProgram");
  result = cudajit_nvrtc.nvrtcCompileProgram (program, 1, options);

  nvrtc_check (cudajit_nvrtc.nvrtcGetProgramLogSize (program, &size),
               "nvrtcGetProgramLogSize");
  image->log = cudajit_xrealloc (NULL, size);
  nvrtc_check (cudajit_nvrtc.nvrtcGetProgramLog (program, image->log),
               "nvrtcGetProgramLog");
  for (size = strlen (image->log); size && image->log[size - 1] == '\n';)
    image->log[--size] = '\0';

  image->code = NULL;
  image->size = 0;
  if (result == NVRTC_SUCCESS)
    {
      nvrtcResult (*get_size) (nvrtcProgram, size_t *)
          = image->ptx ? cudajit_nvrtc.nvrtcGetPTXSize
                       : cudajit_nvrtc.nvrtcGetCUBINSize;
      nvrtcResult (*get_code) (nvrtcProgram, char *)
          = image->ptx ? cudajit_nvrtc.nvrtcGetPTX
                       : cudajit_nvrtc.nvrtcGetCUBIN;

      nvrtc_check (get_size (program, &image->size), "getting the code size");
      image->code = cudajit_xrealloc (NULL, image->size);
      nvrtc_check (get_code (program, image->code), "getting the code");
    }
  nvrtc_check (cudajit_nvrtc.nvrtcDestroyProgram (&program),
               "nvrtcDestroyProgram");
  return result == NVRTC_SUCCESS ? NULL
                                 : cudajit_nvrtc.nvrtcGetErrorString (result);
}

/* Compile and load KERNEL's module for the GPU, for its launch at
   FILE:LINE.  */
static void
load_module (const struct cudajit_kernel *kernel, const char *file, int line)
{
  struct cudajit_module *module = kernel->module;
  char *name = append (append (NULL, module->unit_name), ".cu");
  const char *error = cudajit_load_nvrtc ();
  struct cudajit_image image;

  if (error)
    cudajit_fatal (kernel->name, file, line, "%s", error);
  error = cudajit_nvrtc_compile (module->cuda_source, name, cudajit_gpu.arch,
                                 &image);
  if (error)
    cudajit_fatal (kernel->name, file, line,
                   "NVRTC cannot compile %s for %s_%d: %s%s%s", name,
                   image.ptx ? "compute" : "sm", image.arch, error,
                   *image.log ? "\n" : "", image.log);
  /* The driver compiles PTX further itself.  */
  cudajit_check (cudajit_cu.cuModuleLoadData (&module->handle, image.code),
                 kernel->name, file, line, "cuModuleLoadData");
  free (image.code);
  free (image.log);
  free (name);
}

CUfunction
cudajit_kernel_function (struct cudajit_kernel *kernel, const char *file,
                         int line)
{
  CUfunction function
      = atomic_load_explicit (&kernel->function, memory_order_acquire);

  if (function)
    return function;
  pthread_mutex_lock (&jit_lock);
  function = atomic_load_explicit (&kernel->function, memory_order_relaxed);
  if (!function)
    {
      if (!kernel->module->handle)
        load_module (kernel, file, line);
      cudajit_check (cudajit_cu.cuModuleGetFunction (
                         &function, kernel->module->handle, kernel->name),
                     kernel->name, file, line, "cuModuleGetFunction");
      atomic_store_explicit (&kernel->function, function,
                             memory_order_release);
    }
  pthread_mutex_unlock (&jit_lock);
  return function;
}
