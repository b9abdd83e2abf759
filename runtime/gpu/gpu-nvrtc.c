/* SPDX-License-Identifier: MIT */
/* NVRTC: loading it, and compiling CUDA C with it.  */

#include "internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cudajit_nvrtc_lib cudajit_nvrtc;

/* Why NVRTC cannot be loaded; null once it is.  */
static const char *nvrtc_error;

/* Whether NVRTC has made code in this process, which registered the
   last of its exit functions: those of the objects that it makes as it
   first compiles (gpu-background-compile.c must know).  */
static atomic_bool compiled;

bool
cudajit_nvrtc_has_compiled (void)
{
  return atomic_load_explicit (&compiled, memory_order_acquire);
}

static void
load_nvrtc (void)
{
  nvrtc_error = cudajit_nvrtc_open (
      &cudajit_nvrtc, cudajit_environment ()->nvrtc_library,
      cudajit_environment ()->cuda_home, cudajit_driver_major ());
}

const char *
cudajit_load_nvrtc (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, load_nvrtc);
  return nvrtc_error;
}

/* The newest architecture that NVRTC supports at or below ARCH, or 0; and
   the oldest it supports in *OLDEST.  */
static int
supported_arch (int arch, int *oldest)
{
  int count, *archs = cudajit_nvrtc_archs (&cudajit_nvrtc, &count), best = 0;

  if (!archs)
    cudajit_fatal (NULL, "NVRTC cannot list its architectures");
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

int
cudajit_nvrtc_newest_arch (void)
{
  int oldest;
  return supported_arch (INT_MAX, &oldest);
}

int
cudajit_nvrtc_oldest_arch (void)
{
  int oldest;
  supported_arch (INT_MAX, &oldest);
  return oldest;
}

/* IMAGE of what could not be compiled for ARCH, with LOG.  */
static void
set_failed_image (struct cudajit_image *image, int arch, const char *log)
{
  *image = (struct cudajit_image){
    NULL, 0, arch, false, cudajit_append (NULL, log), false
  };
}

/* cudajit_nvrtc_compile without the cache.  */
static const char *
compile_with_nvrtc (const char *source, const char *name, int arch, int flags,
                    struct cudajit_image *image)
{
  struct cudajit_nvrtc_options options;
  struct cudajit_target target;
  const char *error, *failed;
  int oldest;

  if ((error = cudajit_load_nvrtc ()))
    {
      set_failed_image (image, arch, "");
      return error;
    }
  image->arch = supported_arch (arch, &oldest);
  if (!image->arch)
    {
      char text[64];

      snprintf (text, sizeof text, "this NVRTC supports sm_%d and newer",
                oldest);
      set_failed_image (image, arch, text);
      return "unsupported GPU architecture";
    }
  image->ptx = image->arch != arch || (flags & CUDAJIT_NVRTC_PTX);
  target = (struct cudajit_target){ image->arch, image->ptx, false };
  cudajit_nvrtc_options (&target, flags, &options);

  image->cached = false;
  error = cudajit_nvrtc_build (&cudajit_nvrtc, source, name, &options,
                               image->ptx, &image->code, &image->size,
                               &image->log, &failed);
  if (!image->log)
    image->log = cudajit_append (NULL, "");
  if (!error)
    atomic_store_explicit (&compiled, true, memory_order_release);
  /* NVRTC fails elsewhere only if something is badly wrong, such as
     memory.  */
  if (error && failed)
    cudajit_fatal (NULL, "%s: %s", failed, error);
  return error;
}

const char *
cudajit_nvrtc_compile (const char *source, const char *name, int arch,
                       int flags, bool use_cache, struct cudajit_image *image)
{
  struct cudajit_cache_key key;
  const char *error;
  int driver = 0;

  if (!use_cache)
    return compile_with_nvrtc (source, name, arch, flags, image);
  /* nvrtc-check loads no driver, and keys its entries with driver 0.  */
  if (cudajit_cu.cuDriverGetVersion)
    cudajit_cu.cuDriverGetVersion (&driver);
  if (cudajit_cache_lookup (&key, source, arch, flags, driver, image))
    return NULL;
  error = compile_with_nvrtc (source, name, arch, flags, image);
  if (!error)
    cudajit_cache_store (&key, image);
  cudajit_cache_unlock (&key);
  return error;
}
