/* SPDX-License-Identifier: MIT */
/* NVRTC, as libcudajit and the plugin both use it (nvrtc-common.h).  */

/* For dladdr.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvrtc-common.h"
#include "cudajit-abi.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* Whether DIR/FILE exists, as a directory if DIRECTORY.  */
static bool
exists_in (const char *dir, const char *file, bool directory)
{
  char path[PATH_MAX];
  struct stat st;

  return snprintf (path, sizeof path, "%s/%s", dir, file) < (int) sizeof path
         && stat (path, &st) == 0 && (S_ISDIR (st.st_mode) || !directory);
}

/* Add DIR to LIB's toolkit headers, and DIR/cccl where it exists.  */
static void
use_toolkit_headers (struct cudajit_nvrtc_lib *lib, const char *dir)
{
  static const char *const subdirs[CUDAJIT_TOOLKIT_INCLUDE_DIRS]
      = { "", "/cccl" };

  for (int i = 0; i < CUDAJIT_TOOLKIT_INCLUDE_DIRS; i++)
    if (!*subdirs[i] || exists_in (dir, subdirs[i] + 1, true))
      {
        char *option = (char *) malloc (strlen ("-I") + strlen (dir)
                                        + strlen (subdirs[i]) + 1);
        if (!option)
          return;
        sprintf (option, "-I%s%s", dir, subdirs[i]);
        lib->include_option[lib->include_count++] = option;
      }
}

/* Find the toolkit's headers for LIB, as cudajit_nvrtc_open says.  */
static void
find_toolkit_headers (struct cudajit_nvrtc_lib *lib, const char *cuda_home)
{
  /* Its directory, which dladdr names as the loader found it, then up
     to the toolkit's include, then up again (/usr/lib/ARCH).  */
  static const char *const beside[] = { "/../include", "/../../include" };
  char dirs[3][PATH_MAX], looked[3 * PATH_MAX + 64];
  int count = 0;
  Dl_info info;

  lib->include_count = 0;
  if (cuda_home && *cuda_home)
    {
      snprintf (dirs[0], sizeof dirs[0], "%s/include", cuda_home);
      if (exists_in (dirs[0], CUDAJIT_TOOLKIT_HEADER, false))
        use_toolkit_headers (lib, dirs[0]);
      snprintf (looked, sizeof looked,
                "$" CUDAJIT_CUDA_HOME_VARIABLE "/include, %s", dirs[0]);
      lib->include_looked = strdup (looked);
      return;
    }
  if (dladdr ((void *) lib->nvrtcVersion, &info) && info.dli_fname
      && strrchr (info.dli_fname, '/'))
    for (size_t i = 0; i < sizeof beside / sizeof *beside; i++)
      snprintf (dirs[count++], sizeof dirs[0], "%.*s%s",
                (int) (strrchr (info.dli_fname, '/') - info.dli_fname),
                info.dli_fname, beside[i]);
  snprintf (dirs[count++], sizeof dirs[0], "%s/include",
            CUDAJIT_DEFAULT_CUDA_HOME);
  *looked = '\0';
  for (int i = 0; i < count; i++)
    {
      if (exists_in (dirs[i], CUDAJIT_TOOLKIT_HEADER, false))
        {
          use_toolkit_headers (lib, dirs[i]);
          break;
        }
      snprintf (looked + strlen (looked), sizeof looked - strlen (looked),
                "%s%s", i ? ", " : "", dirs[i]);
    }
  lib->include_looked = strdup (looked);
}

/* Load NVRTC, as cudajit_nvrtc_open.  */
static const char *
load (struct cudajit_nvrtc_lib *lib, const char *library,
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

const char *
cudajit_nvrtc_open (struct cudajit_nvrtc_lib *lib, const char *library,
                    const char *cuda_home, int driver_major)
{
  const char *why = load (lib, library, cuda_home, driver_major);

  if (!why)
    find_toolkit_headers (lib, cuda_home);
  return why;
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

/* How CUDA C that a kernel links begins (cudajit-abi.h).  */
#define LINKED_CUDA "#ifndef " CUDAJIT_LINKED_GUARD

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
  const char *option[sizeof options->option / sizeof *options->option + 1
                     + CUDAJIT_TOOLKIT_INCLUDE_DIRS];
  int count = options->count;
  memcpy (option, options->option, count * sizeof *option);
  /* CUDA C that a kernel links may include the toolkit's headers, of
     which CUB's need the types of the runtime API that -minimal leaves
     out.  */
  if (has_minimal (lib) && !strstr (source, LINKED_CUDA))
    option[count++] = MINIMAL_OPTION;
  for (int i = 0; i < lib->include_count; i++)
    option[count++] = lib->include_option[i];
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

/* What NVRTC's log says of a header that it cannot open, before the
   header's name in quotes: "cannot open source file", or "could not" in
   some versions.  */
#define CANNOT_OPEN_HEADER "open source file \""

bool
cudajit_nvrtc_missing_header (const struct cudajit_nvrtc_lib *lib,
                              const char *log, char *buffer, size_t size)
{
  const char *name = log ? strstr (log, CANNOT_OPEN_HEADER) : NULL;

  if (!name)
    return false;
  name += strlen (CANNOT_OPEN_HEADER);
  int length = (int) strcspn (name, "\"\n");
  if (lib->include_count)
    snprintf (buffer, size,
              "NVRTC cannot find the header <%.*s>, which is neither among "
              "the CUDA toolkit's headers, in %s, nor in the directories of "
              "the unit's -I options, where the plugin looked for it at "
              "compile time",
              length, name, lib->include_option[0] + strlen ("-I"));
  else
    snprintf (buffer, size,
              "NVRTC cannot find the header <%.*s>: the CUDA toolkit's "
              "headers were not found (looked in %s); "
              "set " CUDAJIT_CUDA_HOME_VARIABLE " to the toolkit's directory, "
              "where include/" CUDAJIT_TOOLKIT_HEADER " is",
              length, name, lib->include_looked ? lib->include_looked : "");
  return true;
}
