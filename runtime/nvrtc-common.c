/* SPDX-License-Identifier: MIT */
/* NVRTC, as libcudajit and the plugin both use it (nvrtc-common.h).  */

#include "nvrtc-common.h"
#include "cudajit-abi.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Load NVRTC from PATH into LIB.  Return null, or why not.  */
static const char *
open_path (struct cudajit_nvrtc_lib *lib, const char *path)
{
  static char error[512];
  void *handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  const char *slash = strrchr (path, '/');
  int major, minor;
  char builtins[PATH_MAX];

  if (!handle)
    return dlerror ();
#define NVRTC_ONE_CALL(result, name, params)                                  \
  if (!(lib->name = (result (*) params) dlsym (handle, #name)))               \
    {                                                                         \
      snprintf (error, sizeof error, "%s", dlerror ());                       \
      dlclose (handle);                                                       \
      return error;                                                           \
    }
#include "nvrtc-lib.def"
#undef NVRTC_ONE_CALL

  /* NVRTC opens libnvrtc-builtins by its soname, which the loader does not
     find when NVRTC itself had to be found by its path.  Opening the
     builtins by path from NVRTC's directory first makes the soname known.
     Should that fail, NVRTC's own error says what is missing.  */
  if (slash && lib->nvrtcVersion (&major, &minor) == NVRTC_SUCCESS
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
open_soname (struct cudajit_nvrtc_lib *lib, const char *soname,
             const char *cuda_home)
{
  const char *dirs[] = { cuda_home, CUDAJIT_DEFAULT_CUDA_HOME };
  char path[PATH_MAX];

  if (!open_path (lib, soname))
    return true;
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
    if (dirs[i] && *dirs[i]
        && snprintf (path, sizeof path, "%s/lib64/%s", dirs[i], soname)
               < (int) sizeof path
        && !open_path (lib, path))
      return true;
  return false;
}

const char *
cudajit_nvrtc_open (struct cudajit_nvrtc_lib *lib, const char *library,
                    const char *cuda_home, int driver_major)
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

  if (library)
    {
      const char *error = open_path (lib, library);
      if (!error)
        return NULL;
      snprintf (why, sizeof why,
                "cannot load NVRTC from " CUDAJIT_NVRTC_LIBRARY_VARIABLE
                ": %s",
                error);
      return why;
    }
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < sizeof sonames / sizeof *sonames; i++)
      if ((driver_major == 0 || sonames[i].major <= driver_major)
              == (pass == 0)
          && open_soname (lib, sonames[i].soname, cuda_home))
        return NULL;
  return "cannot load NVRTC, which compiles kernels for the GPU: "
         "none of libnvrtc.so.13, libnvrtc.so.12 and libnvrtc.so.11.2 "
         "is in the loader's path, $" CUDAJIT_CUDA_HOME_VARIABLE
         "/lib64 or /usr/local/cuda/lib64; set " CUDAJIT_NVRTC_LIBRARY_VARIABLE
         " to its path";
}

int *
cudajit_nvrtc_archs (const struct cudajit_nvrtc_lib *lib, int *count)
{
  int *archs;

  if (lib->nvrtcGetNumSupportedArchs (count) != NVRTC_SUCCESS
      || !(archs = (int *) malloc (*count * sizeof *archs)))
    return NULL;
  if (lib->nvrtcGetSupportedArchs (archs) != NVRTC_SUCCESS)
    {
      free (archs);
      return NULL;
    }
  return archs;
}

bool
cudajit_parse_target (const char *text, size_t length, bool allow_ptx,
                      struct cudajit_target *target)
{
  static const char cubin[] = "sm_", ptx[] = "compute_";
  size_t digits;

  target->ptx = allow_ptx && length > strlen (ptx)
                && strncmp (text, ptx, strlen (ptx)) == 0;
  if (target->ptx)
    text += strlen (ptx), length -= strlen (ptx);
  else if (length > strlen (cubin)
           && strncmp (text, cubin, strlen (cubin)) == 0)
    text += strlen (cubin), length -= strlen (cubin);
  else
    return false;
  for (digits = 0;
       digits < length && text[digits] >= '0' && text[digits] <= '9'; digits++)
    ;
  /* Major and minor: two digits at least, three at most (sm_100), not
     starting with 0.  */
  target->specific
      = !target->ptx && digits + 1 == length && text[digits] == 'a';
  if (digits < 2 || digits > 3 || text[0] == '0'
      || digits + target->specific != length)
    return false;
  target->arch = atoi (text);
  return true;
}

void
cudajit_target_name (const struct cudajit_target *target, char *buffer,
                     size_t size)
{
  snprintf (buffer, size, "%s_%d%s", target->ptx ? "compute" : "sm",
            target->arch, target->specific ? "a" : "");
}

void
cudajit_nvrtc_options (const struct cudajit_target *target, int flags,
                       struct cudajit_nvrtc_options *options)
{
  char name[CUDAJIT_TARGET_NAME_SIZE];

  options->count = 0;
  cudajit_target_name (target, name, sizeof name);
  snprintf (options->arch, sizeof options->arch, "--gpu-architecture=%s",
            name);
  options->option[options->count++] = options->arch;
  /* -G, which the table gives, has the lines too.  */
  if (!(flags & CUDAJIT_COMPILE_DEBUG))
    options->option[options->count++] = "--generate-line-info";
#define DEF_CUDAJIT_COMPILE_OPTION(name, value, sets, clears, nvrtc)          \
  if ((sets) && (flags & (sets)) && (nvrtc))                                  \
    options->option[options->count++] = (nvrtc);
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_COMPILE_OPTION
  int registers = ((flags & CUDAJIT_COMPILE_MAX_REGISTERS_MASK)
                   >> CUDAJIT_COMPILE_MAX_REGISTERS_SHIFT);
  if (registers)
    {
      snprintf (options->registers, sizeof options->registers,
                "--maxrregcount=%d", registers);
      options->option[options->count++] = options->registers;
    }
  if (flags & CUDAJIT_NVRTC_RESOURCE_USAGE)
    options->option[options->count++] = "--ptxas-options=-v";
  if (flags & CUDAJIT_NVRTC_RELOCATABLE)
    options->option[options->count++] = "--relocatable-device-code=true";
}

/* NVRTC's option that leaves out of the CUDA C what cudajit's never uses
   (textures and surfaces, the device runtime and its launches from the
   GPU, the types of the CUDA runtime API): a fifth of the time that
   NVRTC takes for a small unit, loading included; from NVRTC 12.4.  */
#define MINIMAL_OPTION "-minimal"
#define MINIMAL_MAJOR 12
#define MINIMAL_MINOR 4

static bool
has_minimal (const struct cudajit_nvrtc_lib *lib)
{
  int major, minor;

  return lib->nvrtcVersion (&major, &minor) == NVRTC_SUCCESS
         && (major > MINIMAL_MAJOR
             || (major == MINIMAL_MAJOR && minor >= MINIMAL_MINOR));
}

const char *
cudajit_nvrtc_build (const struct cudajit_nvrtc_lib *lib, const char *source,
                     const char *name,
                     const struct cudajit_nvrtc_options *options, bool ptx,
                     char **code, size_t *size, char **log,
                     const char **failed)
{
  nvrtcProgram program;
  nvrtcResult result, compiled;
  size_t log_size;

  *code = *log = NULL;
  *size = 0;
  *failed = "nvrtcCreateProgram";
  result = lib->nvrtcCreateProgram (&program, source, name, 0, NULL, NULL);
  if (result != NVRTC_SUCCESS)
    return lib->nvrtcGetErrorString (result);
  /* The compilation itself, which NVRTC's log explains.  */
  *failed = NULL;
  const char *option[sizeof options->option / sizeof *options->option + 1];
  int count = options->count;
  memcpy (option, options->option, count * sizeof *option);
  if (has_minimal (lib))
    option[count++] = MINIMAL_OPTION;
  compiled = result = lib->nvrtcCompileProgram (program, count, option);
  if (lib->nvrtcGetProgramLogSize (program, &log_size) == NVRTC_SUCCESS
      && (*log = (char *) malloc (log_size)))
    {
      if (lib->nvrtcGetProgramLog (program, *log) != NVRTC_SUCCESS)
        **log = '\0';
      for (log_size = strlen (*log); log_size && (*log)[log_size - 1] == '\n';)
        (*log)[--log_size] = '\0';
    }
  if (compiled == NVRTC_SUCCESS)
    {
      *failed = ptx ? "nvrtcGetPTX" : "nvrtcGetCUBIN";
      result = (ptx ? lib->nvrtcGetPTXSize : lib->nvrtcGetCUBINSize) (program,
                                                                      size);
      if (result == NVRTC_SUCCESS && !(*code = (char *) malloc (*size)))
        *failed = "malloc";
      else if (result == NVRTC_SUCCESS)
        result
            = (ptx ? lib->nvrtcGetPTX : lib->nvrtcGetCUBIN) (program, *code);
      if (result != NVRTC_SUCCESS || !*code)
        {
          free (*code);
          *code = NULL;
          *size = 0;
        }
    }
  lib->nvrtcDestroyProgram (&program);
  if (result != NVRTC_SUCCESS)
    return lib->nvrtcGetErrorString (result);
  return *code ? NULL : "out of memory";
}
