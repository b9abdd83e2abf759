/* SPDX-License-Identifier: MIT */
/* A module's code for a GPU, when one of its kernels is first launched
   there: compiled by NVRTC, or loaded from an image compiled ahead of
   time (module.c).  */

#include "gpu-background-compile.h"

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

/* Compiling the kernels of a module but its alone_kernel in the
   background lets the first launch of one of them find them compiled, or
   wait for no longer than the rest of the compilation.  It starts only
   once alone_kernel was compiled and launched, and the program waited
   for it: NVRTC compiles one program at a time, mostly, and a program
   that launches the others at once gains nothing, while one that works
   on the CPU in between does; and the first compilation in the process
   registers functions to run at exit, which must run after exit has
   waited for this one.  The modules that wait, chained by next_pending,
   and how many, read without the lock.  */
static struct cudajit_module *pending;
static atomic_int pending_count;

void
cudajit_gpu_waited (void)
{
  if (!atomic_load_explicit (&pending_count, memory_order_relaxed))
    return;
  pthread_mutex_lock (&cudajit_module_lock);
  for (struct cudajit_module *module = pending; module;
       module = module->next_pending)
    {
      module->others_pending = false;
      module->background = cudajit_compile_in_background (
          cudajit_module_source (module, NULL, module->alone_kernel),
          cudajit_module_file_name (module), module->background_arch,
          module->compile_flags & CUDAJIT_COMPILE_NVRTC_MASK);
    }
  pending = NULL;
  atomic_store_explicit (&pending_count, 0, memory_order_relaxed);
  pthread_mutex_unlock (&cudajit_module_lock);
}

/* Let MODULE's other kernels wait for cudajit_gpu_waited, for ARCH; or,
   where ARCH is 0, no longer.  */
static void
set_pending (struct cudajit_module *module, int arch)
{
  if (module->others_pending == (arch != 0))
    return;
  module->others_pending = arch != 0;
  module->background_arch = arch;
  if (arch)
    {
      module->next_pending = pending;
      pending = module;
      atomic_fetch_add_explicit (&pending_count, 1, memory_order_relaxed);
      return;
    }
  for (struct cudajit_module **m = &pending; *m; m = &(*m)->next_pending)
    if (*m == module)
      {
        *m = module->next_pending;
        atomic_fetch_sub_explicit (&pending_count, 1, memory_order_relaxed);
        return;
      }
}

/* Into IMAGE, with its milliseconds in *MS, KERNEL compiled ALONE or the
   other kernels of its module, for ARCH, by NVRTC in the background or
   now; return null or NVRTC's error.  */
static const char *
compiled_code (struct cudajit_kernel *kernel, bool alone, int arch,
               const char *name, struct cudajit_image *image, double *ms,
               bool *in_background)
{
  struct cudajit_module *module = kernel->module;
  struct cudajit_background_compile *background = module->background;

  *in_background = !alone && background && module->background_arch == arch;
  if (*in_background)
    {
      module->background = NULL;
      *in_background = cudajit_background_image (background, image, ms);
      if (*in_background)
        return NULL;
    }
  double start = cudajit_profile_clock_ms ();
  char *source
      = alone ? cudajit_module_source (module, kernel, NULL)
              : cudajit_module_source (module, NULL, module->alone_kernel);
  const char *error = cudajit_nvrtc_compile (
      source, name, arch, module->compile_flags & CUDAJIT_COMPILE_NVRTC_MASK,
      true, image);
  free (source);
  *ms = cudajit_profile_clock_ms () - start;
  return error;
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
  double ms;
  bool in_background;
  char *name = cudajit_module_file_name (module);

  if (!alone)
    set_pending (module, 0);

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
  error
      = compiled_code (kernel, alone, arch, name, &image, &ms, &in_background);
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
  if (!module->compile_ms)
    {
      module->compile_ms = ms;
      module->compile_cached = image.cached;
    }
  /* The kernel compiled alone, or left out as it was.  */
  const struct cudajit_kernel *named = alone ? kernel : module->alone_kernel;
  const char *cache = cudajit_cache_directory ();
  if (!error)
    cudajit_verbose (
        "%s%s%s%s %s%s for %s_%d in %.1f ms%s%s%s", name,
        !named  ? ""
        : alone ? "'s kernel '"
                : "'s kernels other than '",
        named ? named->name : "", named ? "'" : "",
        image.cached ? "came from the cache" : "compiled by NVRTC",
        in_background ? " in the background" : "",
        image.ptx ? "compute" : "sm", image.arch, ms,
        cache ? " (the cache is " : "", cache ? cache : "", cache ? ")" : "");
  /* NVRTC is loaded only when the cache lacks the code.  */
  if (error && cudajit_load_nvrtc ())
    cudajit_error (site, "%s", error);
  else if (error)
    {
      char header[CUDAJIT_MISSING_HEADER_SIZE];
      bool missing = cudajit_nvrtc_missing_header (&cudajit_nvrtc, image.log,
                                                   header, sizeof header);
      cudajit_error (site, "NVRTC cannot compile %s for %s_%d: %s%s%s%s%s",
                     name, image.ptx ? "compute" : "sm", image.arch, error,
                     missing ? ": " : "", missing ? header : "",
                     *image.log ? "\n" : "", image.log);
    }
  else if (alone)
    {
      free (kernel->own_code);
      kernel->own_code = image.code;
      kernel->own_arch = arch;
      if (!image.cached && module->kernel_count > 1)
        set_pending (module, arch);
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
   none of the others, which are compiled after it in the background or
   at the first launch of one of them; the first keeps its own code.  A
   module that defines device variables is compiled whole, so that its
   kernels share them.  */
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

  /* Code linked with other units' has all the kernels, and so does a
     module with device variables, which they share.  */
  bool links = cudajit_module_links_p (module);
  if (!links && !module->alone_kernel && !module->code
      && module->kernel_count > 1 && !module->has_variables)
    module->alone_kernel = kernel;
  bool alone = kernel == module->alone_kernel;
  CUmodule *handle = alone ? &kernel->own_handle[gpu->ordinal] : module_handle;
  char **code = alone ? &kernel->own_code : &module->code;
  int *code_arch = alone ? &kernel->own_arch : &module->code_arch;
  if (*code_arch != gpu->arch
      && !(links ? cudajit_link_module (kernel, gpu->arch, site)
                 : compile (kernel, alone, gpu->arch, site)))
    return NULL;
  /* The driver compiles PTX further itself.  */
  if (!cudajit_check (cudajit_cu.cuModuleLoadData (handle, *code), site,
                      "cuModuleLoadData"))
    return NULL;
  return *handle;
}

bool
cudajit_set_function_attributes (const struct cudajit_kernel *kernel,
                                 CUfunction function,
                                 const struct cudajit_site *site)
{
  int carveout
      = ((kernel->module->compile_flags & CUDAJIT_COMPILE_SHARED_CARVEOUT_MASK)
         >> CUDAJIT_COMPILE_SHARED_CARVEOUT_SHIFT)
        - 1;
  if (carveout < 0)
    return true;
  if (!cudajit_check (cudajit_cu.cuFuncSetAttribute (
                          function,
                          CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                          carveout),
                      site, "cuFuncSetAttribute"))
    return false;
  cudajit_verbose ("kernel '%s' at %s:%d: %s=%d set", kernel->name, site->file,
                   site->line, CUDAJIT_COMPILE_SHARED_CARVEOUT_NAME, carveout);
  return true;
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
              site, "cuModuleGetFunction")
          && cudajit_set_function_attributes (kernel, function, site))
        atomic_store_explicit (slot, function, memory_order_release);
      else
        function = NULL;
    }
  pthread_mutex_unlock (&cudajit_module_lock);
  return function;
}

CUmodule
cudajit_module_handle (struct cudajit_module *module,
                       const struct cudajit_site *site)
{
  CUmodule handle;

  pthread_mutex_lock (&cudajit_module_lock);
  handle = kernel_module (module->kernels, cudajit_current_gpu, site);
  pthread_mutex_unlock (&cudajit_module_lock);
  return handle;
}
