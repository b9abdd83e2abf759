/* SPDX-License-Identifier: MIT */
/* NVRTC: loading it, and compiling CUDA C with it.  */

#include "internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cudajit_nvrtc_lib cudajit_nvrtc;

/* Load NVRTC from PATH into cudajit_nvrtc.  Return null, or why not.  */
static const char *
open_nvrtc (const char *path)
{
  static char error[512];
  void *lib = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  const char *slash = strrchr (path, '/');
  int major, minor;
  char builtins[PATH_MAX];

  if (!lib)
    return dlerror ();
#define NVRTC_ONE_CALL(result, name, params)                                  \
  if (!(cudajit_nvrtc.name = (result (*) params) dlsym (lib, #name)))         \
    {                                                                         \
      snprintf (error, sizeof error, "%s", dlerror ());                       \
      dlclose (lib);                                                          \
      return error;                                                           \
    }
#include "nvrtc-lib.def"
#undef NVRTC_ONE_CALL

  /* NVRTC opens libnvrtc-builtins by its soname, which the loader does not
     find when NVRTC itself had to be found by its path.  Opening the
     builtins by path from NVRTC's directory first makes the soname known.
     Should that fail, NVRTC's own error says what is missing.  */
  if (slash && cudajit_nvrtc.nvrtcVersion (&major, &minor) == NVRTC_SUCCESS
      && snprintf (builtins, sizeof builtins,
                   "%.*s/libnvrtc-builtins.so.%d.%d", (int) (slash - path),
                   path, major, minor)
             < (int) sizeof builtins)
    dlopen (builtins, RTLD_NOW | RTLD_LOCAL);
  return NULL;
}

/* Load NVRTC by SONAME, looking also in the CUDA toolkit's usual places,
   which are often not in the loader's search path.  */
static bool
open_nvrtc_soname (const char *soname)
{
  const char *dirs[]
      = { cudajit_environment ()->cuda_home, "/usr/local/cuda" };
  char path[PATH_MAX];

  if (!open_nvrtc (soname))
    return true;
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
    if (dirs[i] && *dirs[i]
        && snprintf (path, sizeof path, "%s/lib64/%s", dirs[i], soname)
               < (int) sizeof path
        && !open_nvrtc (path))
      return true;
  return false;
}

/* Why NVRTC cannot be loaded; null once it is.  */
static const char *nvrtc_error;

static void
load_nvrtc (void)
{
  /* Newest first.  NVRTC 11.0 and 11.1 lack nvrtcGetSupportedArchs.  */
  static const struct
  {
    const char *soname;
    int major;
  } sonames[] = {
    { "libnvrtc.so.13", 13 },
    { "libnvrtc.so.12", 12 },
    { "libnvrtc.so.11.2", 11 },
  };
  static char why[600];
  const char *path = cudajit_environment ()->nvrtc_library;

  if (path)
    {
      const char *error = open_nvrtc (path);
      if (error)
        {
          snprintf (why, sizeof why,
                    "cannot load NVRTC from CUDAJIT_NVRTC_LIBRARY: %s", error);
          nvrtc_error = why;
        }
      return;
    }

  /* The driver may reject code from an NVRTC newer than itself, so the
     first pass tries only the versions that it knows.  */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < sizeof sonames / sizeof *sonames; i++)
      if ((cudajit_driver_major () == 0
           || sonames[i].major <= cudajit_driver_major ())
              == (pass == 0)
          && open_nvrtc_soname (sonames[i].soname))
        return;
  nvrtc_error = "cannot load NVRTC, which compiles kernels for the GPU: "
                "none of libnvrtc.so.13, libnvrtc.so.12 and libnvrtc.so.11.2 "
                "is in the loader's path, $CUDA_HOME/lib64 or "
                "/usr/local/cuda/lib64; set CUDAJIT_NVRTC_LIBRARY to its path";
}

const char *
cudajit_load_nvrtc (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, load_nvrtc);
  return nvrtc_error;
}

/* NVRTC fails here only if something is badly wrong, such as memory.  */
static void
nvrtc_check (nvrtcResult result, const char *function)
{
  if (result != NVRTC_SUCCESS)
    cudajit_fatal (NULL, "%s: %s", function,
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

const char *
cudajit_nvrtc_compile (const char *source, const char *name, int arch,
                       int flags, bool use_cache, struct cudajit_image *image)
{
  nvrtcProgram program;
  nvrtcResult result;
  char arch_option[64], registers_option[64];
  /* The architecture, the lines, the registers, ptxas's report and
     those of the table.  */
  const char *options[4 + CUDAJIT_COMPILE_OPTION_COUNT];
  int count = 0;
  struct cudajit_cache_key key;
  size_t size;
  int oldest;
  const char *error;

  if (use_cache && cudajit_cache_lookup (&key, source, arch, flags, image))
    return NULL;
  if ((error = cudajit_load_nvrtc ()))
    {
      *image = (struct cudajit_image){
        NULL, 0, arch, false, cudajit_xrealloc (NULL, 1), false
      };
      *image->log = '\0';
      if (use_cache)
        cudajit_cache_unlock (&key);
      return error;
    }
  image->arch = supported_arch (arch, &oldest);
  if (!image->arch)
    {
      char text[64];

      snprintf (text, sizeof text, "this NVRTC supports sm_%d and newer",
                oldest);
      *image = (struct cudajit_image){
        NULL, 0, arch, false, cudajit_xrealloc (NULL, strlen (text) + 1), false
      };
      strcpy (image->log, text);
      if (use_cache)
        cudajit_cache_unlock (&key);
      return "unsupported GPU architecture";
    }
  image->ptx = image->arch != arch || (flags & CUDAJIT_NVRTC_PTX);
  snprintf (arch_option, sizeof arch_option, "--gpu-architecture=%s_%d",
            image->ptx ? "compute" : "sm", image->arch);
  options[count++] = arch_option;
  /* -G, which the table gives, has the lines too.  */
  if (!(flags & CUDAJIT_COMPILE_DEBUG))
    options[count++] = "--generate-line-info";
#define DEF_CUDAJIT_COMPILE_OPTION(name, value, sets, clears, nvrtc)          \
  if ((sets) && (flags & (sets)) && (nvrtc))                                  \
    options[count++] = (nvrtc);
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_COMPILE_OPTION
  int registers = ((flags & CUDAJIT_COMPILE_MAX_REGISTERS_MASK)
                   >> CUDAJIT_COMPILE_MAX_REGISTERS_SHIFT);
  if (registers)
    {
      snprintf (registers_option, sizeof registers_option, "--maxrregcount=%d",
                registers);
      options[count++] = registers_option;
    }
  if (flags & CUDAJIT_NVRTC_RESOURCE_USAGE)
    options[count++] = "--ptxas-options=-v";
  nvrtc_check (
      cudajit_nvrtc.nvrtcCreateProgram (&program, source, name, 0, NULL, NULL),
      "nvrtcCreateProgram");
  result = cudajit_nvrtc.nvrtcCompileProgram (program, count, options);

  nvrtc_check (cudajit_nvrtc.nvrtcGetProgramLogSize (program, &size),
               "nvrtcGetProgramLogSize");
  image->log = cudajit_xrealloc (NULL, size);
  nvrtc_check (cudajit_nvrtc.nvrtcGetProgramLog (program, image->log),
               "nvrtcGetProgramLog");
  for (size = strlen (image->log); size && image->log[size - 1] == '\n';)
    image->log[--size] = '\0';

  image->code = NULL;
  image->size = 0;
  image->cached = false;
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
      if (use_cache)
        cudajit_cache_store (&key, image);
    }
  if (use_cache)
    cudajit_cache_unlock (&key);
  nvrtc_check (cudajit_nvrtc.nvrtcDestroyProgram (&program),
               "nvrtcDestroyProgram");
  return result == NVRTC_SUCCESS ? NULL
                                 : cudajit_nvrtc.nvrtcGetErrorString (result);
}
