/* SPDX-License-Identifier: MIT */
/* The registry of modules and kernels, and their compilation by NVRTC when
   one of a module's kernels is first launched.  */

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A compilation that takes longer than this says what it compiles, so
   that the program does not seem to hang.  */
#define LONG_COMPILE_SECONDS 1

struct compile_notice
{
  pthread_mutex_t lock;
  pthread_cond_t finished;
  bool done;
  const char *name, *kernel;
  int arch;
};

static void *
notice_long_compile (void *data)
{
  struct compile_notice *n = data;
  struct timespec deadline;
  int r = 0;

  clock_gettime (CLOCK_REALTIME, &deadline);
  deadline.tv_sec += LONG_COMPILE_SECONDS;
  pthread_mutex_lock (&n->lock);
  while (!n->done && r != ETIMEDOUT)
    r = pthread_cond_timedwait (&n->finished, &n->lock, &deadline);
  if (!n->done)
    fprintf (stderr,
             "cudajit: NVRTC is compiling %s, with kernel '%s', for "
             "sm_%d\n",
             n->name, n->kernel, n->arch);
  pthread_mutex_unlock (&n->lock);
  return NULL;
}

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
  struct compile_notice notice = { PTHREAD_MUTEX_INITIALIZER,
                                   PTHREAD_COND_INITIALIZER,
                                   false,
                                   name,
                                   kernel->name,
                                   arch };
  pthread_t noticer;
  bool noticing
      = pthread_create (&noticer, NULL, notice_long_compile, &notice) == 0;
  error = cudajit_nvrtc_compile (module->cuda_source, name, arch,
                                 module->compile_flags, true, &image);
  if (noticing)
    {
      pthread_mutex_lock (&notice.lock);
      notice.done = true;
      pthread_cond_signal (&notice.finished);
      pthread_mutex_unlock (&notice.lock);
      pthread_join (noticer, NULL);
    }
  cudajit_range_pop ();
  free (range);
  double ms = cudajit_profile_clock_ms () - start;
  if (!module->compile_ms)
    {
      module->compile_ms = ms;
      module->compile_cached = image.cached;
    }
  if (!error)
    cudajit_verbose (
        "%s %s for %s_%d in %.1f ms%s%s", name,
        image.cached ? "came from the cache" : "compiled by NVRTC",
        image.ptx ? "compute" : "sm", image.arch, ms,
        cudajit_cache_directory () ? ", cache " : "",
        cudajit_cache_directory () ? cudajit_cache_directory () : "");
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
  const struct cudajit_embedded_image *image
      = cudajit_module_image (module, gpu->arch);

  /* Code compiled ahead of time spares loading NVRTC.  A driver too old
     for its PTX refuses it: NVRTC compiles the CUDA C then, as without
     it.  */
  if (image)
    {
      CUresult result = cudajit_cu.cuModuleLoadData (
          &module->handle[gpu->ordinal], image->code);
      if (result == CUDA_SUCCESS)
        {
          cudajit_verbose ("%s.cu loaded the ahead-of-time %s for %s",
                           module->unit_name,
                           image->target.ptx ? "PTX" : "cubin", image->name);
          return true;
        }
      cudajit_verbose ("%s.cu cannot load the ahead-of-time %s for %s: %s",
                       module->unit_name, image->target.ptx ? "PTX" : "cubin",
                       image->name, cudajit_cuda_error (result));
    }
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
