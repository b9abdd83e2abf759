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

/* A module's CUDA C keeps a kernel where SOME_KERNELS is undefined, or
   KERNEL_PREFIX followed by the kernel's name is defined.  */
#define SOME_KERNELS "CUDAJIT_SOME_KERNELS"
#define KERNEL_PREFIX "CUDAJIT_KERNEL_"

char *
cudajit_module_piece (const char *kernel, const char *prelude,
                      const char *cuda_source)
{
  char *text = NULL;

  if (kernel)
    {
      text = cudajit_append (text, "#if !defined " SOME_KERNELS
                                   " || defined " KERNEL_PREFIX);
      text = cudajit_append (text, kernel);
      text = cudajit_append (text, "\n");
    }
  text = cudajit_append (text, prelude);
  text = cudajit_append (text, cuda_source);
  return kernel ? cudajit_append (text, "\n#endif\n") : text;
}

char *
cudajit_keep_kernel (char *text, const char *name)
{
  if (!text)
    text = cudajit_append (NULL, "#define " SOME_KERNELS "\n");
  text = cudajit_append (text, "#define " KERNEL_PREFIX);
  text = cudajit_append (text, name);
  return cudajit_append (text, "\n");
}

/* The CUDA C that compiles MODULE's kernel ALONE by itself, or, where
   ALONE is null, MODULE's other kernels; all of it if the module has one
   kernel.  */
static char *
cuda_source_of (const struct cudajit_module *module,
                const struct cudajit_kernel *alone)
{
  char *source = NULL;

  if (module->kernel_count > 1)
    for (const struct cudajit_kernel *k = module->kernels; k;
         k = k->next_in_module)
      if (alone ? k == alone : k != module->alone_kernel)
        source = cudajit_keep_kernel (source, k->name);
  return cudajit_append (source, module->cuda_source);
}

/* Compile KERNEL alone (ALONE), or the other kernels of its module, for a
   GPU of architecture ARCH, for the launch at SITE, into the kernel's own
   code or the module's.  Return false if it cannot be.  */
static bool
compile (struct cudajit_kernel *kernel, bool alone, int arch,
         const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;
  const char *error;
  struct cudajit_image image;
  char *name, *source = cuda_source_of (module, alone ? kernel : NULL);

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
  error = cudajit_nvrtc_compile (source, name, arch, module->compile_flags,
                                 true, &image);
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
  free (source);
  double ms = cudajit_profile_clock_ms () - start;
  if (!module->compile_ms)
    {
      module->compile_ms = ms;
      module->compile_cached = image.cached;
    }
  /* The kernel compiled alone, or left out as it was.  */
  const struct cudajit_kernel *named = alone ? kernel : module->alone_kernel;
  if (!error)
    cudajit_verbose (
        "%s %s for %s_%d in %.1f ms%s%s%s%s%s", name,
        image.cached ? "came from the cache" : "compiled by NVRTC",
        image.ptx ? "compute" : "sm", image.arch, ms,
        !named  ? ""
        : alone ? ", kernel '"
                : ", but kernel '",
        named ? named->name : "", named ? "'" : "",
        cudajit_cache_directory () ? ", cache " : "",
        cudajit_cache_directory () ? cudajit_cache_directory () : "");
  /* NVRTC is loaded only when the cache lacks the code.  */
  if (error && cudajit_load_nvrtc ())
    cudajit_error (site, "%s", error);
  else if (error)
    cudajit_error (site, "NVRTC cannot compile %s for %s_%d: %s%s%s", name,
                   image.ptx ? "compute" : "sm", image.arch, error,
                   *image.log ? "\n" : "", image.log);
  else if (alone)
    {
      free (kernel->own_code);
      kernel->own_code = image.code;
      kernel->own_arch = arch;
    }
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

/* Load MODULE's code compiled ahead of time for GPU, if it has some that
   the GPU runs, which spares loading NVRTC.  Return false if it has none,
   or the driver refuses it (a driver too old for its PTX), for NVRTC to
   compile the CUDA C as without it.  */
static bool
load_image (struct cudajit_module *module, const struct cudajit_gpu *gpu)
{
  const struct cudajit_embedded_image *image
      = cudajit_module_image (module, gpu->arch);

  if (!image)
    return false;
  CUresult result = cudajit_cu.cuModuleLoadData (&module->handle[gpu->ordinal],
                                                 image->code);
  if (result == CUDA_SUCCESS)
    {
      cudajit_verbose ("%s.cu loaded the ahead-of-time %s for %s",
                       module->unit_name, image->target.ptx ? "PTX" : "cubin",
                       image->name);
      return true;
    }
  cudajit_verbose ("%s.cu cannot load the ahead-of-time %s for %s: %s",
                   module->unit_name, image->target.ptx ? "PTX" : "cubin",
                   image->name, cudajit_cuda_error (result));
  return false;
}

/* The module on GPU that has KERNEL, loaded and compiled as needed, for
   the launch at SITE; null if it cannot be had.  Code compiled ahead of
   time has all the kernels.  Otherwise the first kernel of a module of
   several to be launched is compiled alone, so that its launch waits for
   none of the others; the first launch of another compiles all the
   others, and the first keeps its own code.  */
static CUmodule
kernel_module (struct cudajit_kernel *kernel, const struct cudajit_gpu *gpu,
               const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;
  CUmodule *module_handle = &module->handle[gpu->ordinal];

  if (*module_handle && kernel != module->alone_kernel)
    return *module_handle;
  if (kernel->own_handle[gpu->ordinal])
    return kernel->own_handle[gpu->ordinal];
  if (!*module_handle && load_image (module, gpu))
    return *module_handle;

  if (!module->alone_kernel && !module->code && module->kernel_count > 1)
    module->alone_kernel = kernel;
  bool alone = kernel == module->alone_kernel;
  CUmodule *handle = alone ? &kernel->own_handle[gpu->ordinal] : module_handle;
  char **code = alone ? &kernel->own_code : &module->code;
  int *code_arch = alone ? &kernel->own_arch : &module->code_arch;
  if (*code_arch != gpu->arch && !compile (kernel, alone, gpu->arch, site))
    return NULL;
  /* The driver compiles PTX further itself.  */
  if (!cudajit_check (cudajit_cu.cuModuleLoadData (handle, *code), site,
                      "cuModuleLoadData"))
    return NULL;
  return *handle;
}

CUfunction
cudajit_kernel_function (struct cudajit_kernel *kernel,
                         const struct cudajit_site *site)
{
  const struct cudajit_gpu *gpu = cudajit_current_gpu;
  _Atomic (CUfunction) *slot = &kernel->function[gpu->ordinal];
  CUfunction function = atomic_load_explicit (slot, memory_order_acquire);
  CUmodule module;

  if (function)
    return function;
  pthread_mutex_lock (&cudajit_module_lock);
  function = atomic_load_explicit (slot, memory_order_relaxed);
  if (!function && (module = kernel_module (kernel, gpu, site)))
    {
      if (cudajit_check (
              cudajit_cu.cuModuleGetFunction (&function, module, kernel->name),
              site, "cuModuleGetFunction"))
        atomic_store_explicit (slot, function, memory_order_release);
      else
        function = NULL;
    }
  pthread_mutex_unlock (&cudajit_module_lock);
  return function;
}
