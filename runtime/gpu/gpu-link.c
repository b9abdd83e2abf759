/* SPDX-License-Identifier: MIT */
/* Kernels that call device functions of other units: their unit's CUDA C
   compiled relocatable, with the device functions of each unit that
   defines what it calls, and of those that these call in turn, then
   linked, by the driver on a GPU, or by nvJitLink where no driver is
   loaded (nvrtc-check).  The units are found by the names that their
   registrations list (cudajit-abi.h).  A unit whose kernels call no other
   unit's functions is compiled as gpu-jit.c does, without this.  */

#include "internal.h"
#include "nvrtc-common.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The driver's error log of a link, its own size limit.  */
#define LINK_LOG_BYTES 8192

static const struct cudajit_linkage *
unit_linkage (void **unit)
{
  for (const struct cudajit_linkage *l = cudajit_linkages; l; l = l->next)
    if (l->unit == unit)
      return l;
  return NULL;
}

/* Whether NAMES, separated as cudajit-abi.h says, has NAME of LENGTH
   bytes.  */
static bool
lists_name (const char *names, const char *name, size_t length)
{
  static const char separator[] = { CUDAJIT_LINKAGE_SEPARATOR, '\0' };

  for (const char *n = names; *n; n += strspn (n, separator))
    {
      size_t n_length = strcspn (n, separator);
      if (n_length == length && memcmp (n, name, length) == 0)
        return true;
      n += n_length;
    }
  return false;
}

static const struct cudajit_linkage *
defining_unit (const char *name, size_t length)
{
  for (const struct cudajit_linkage *l = cudajit_linkages; l; l = l->next)
    if (lists_name (l->exports, name, length))
      return l;
  return NULL;
}

bool
cudajit_module_links_p (const struct cudajit_module *module)
{
  const struct cudajit_linkage *linkage = unit_linkage (module->unit);

  return module->linked_code_count || (linkage && *linkage->imports);
}

/* The units to link with UNITS[0], added to UNITS, of *COUNT, each once;
   false, having said why at SITE, if one is not in the program.  */
static bool
add_defining_units (const struct cudajit_linkage ***units, size_t *count,
                    const struct cudajit_site *site)
{
  static const char separator[] = { CUDAJIT_LINKAGE_SEPARATOR, '\0' };

  for (size_t i = 0; i < *count; i++)
    for (const char *name = (*units)[i]->imports; *name;
         name += strspn (name, separator))
      {
        size_t length = strcspn (name, separator);
        const struct cudajit_linkage *unit = defining_unit (name, length);
        if (!unit)
          {
            cudajit_error (site,
                           "%s calls the device function '%.*s', which no "
                           "unit of the program defines for the GPU: define "
                           "it with __attribute__ ((cuda_device)) in a unit "
                           "compiled with the cudajit plugin",
                           (*units)[i]->unit_name, (int) length, name);
            return false;
          }
        size_t j = 0;
        while (j < *count && (*units)[j] != unit)
          j++;
        if (j == *count)
          {
            *units = cudajit_xrealloc (*units, (*count + 1) * sizeof **units);
            (*units)[(*count)++] = unit;
          }
        name += length;
      }
  return true;
}

/* nvJitLink's functions, by their unversioned names, which its libraries
   export beside the versioned ones that its header calls.  */
static struct
{
  nvJitLinkResult (*create) (nvJitLinkHandle *handle, uint32_t count,
                             const char **options);
  nvJitLinkResult (*add_data) (nvJitLinkHandle handle, nvJitLinkInputType type,
                               const void *data, size_t size,
                               const char *name);
  nvJitLinkResult (*complete) (nvJitLinkHandle handle);
  nvJitLinkResult (*cubin_size) (nvJitLinkHandle handle, size_t *size);
  nvJitLinkResult (*cubin) (nvJitLinkHandle handle, void *cubin);
  nvJitLinkResult (*log_size) (nvJitLinkHandle handle, size_t *size);
  nvJitLinkResult (*log) (nvJitLinkHandle handle, char *log);
  nvJitLinkResult (*destroy) (nvJitLinkHandle *handle);
} nvjitlink;
static const char *nvjitlink_error;
static pthread_once_t nvjitlink_once = PTHREAD_ONCE_INIT;

static void *
open_nvjitlink (void)
{
  static const char *const sonames[]
      = { "libnvJitLink.so.13", "libnvJitLink.so.12" };
  const char *dirs[]
      = { getenv (CUDAJIT_CUDA_HOME_VARIABLE), CUDAJIT_DEFAULT_CUDA_HOME };
  char path[PATH_MAX];
  void *handle;

  for (size_t i = 0; i < sizeof sonames / sizeof *sonames; i++)
    {
      if ((handle = dlopen (sonames[i], RTLD_NOW | RTLD_LOCAL)))
        return handle;
      for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++)
        if (dirs[d] && *dirs[d]
            && snprintf (path, sizeof path, "%s/lib64/%s", dirs[d], sonames[i])
                   < (int) sizeof path
            && (handle = dlopen (path, RTLD_NOW | RTLD_LOCAL)))
          return handle;
    }
  return NULL;
}

static void
load_nvjitlink (void)
{
  void *handle = open_nvjitlink ();

  if (!handle)
    {
      nvjitlink_error
          = "cannot load nvJitLink, which links code where no CUDA driver "
            "is: neither libnvJitLink.so.13 nor libnvJitLink.so.12 is in "
            "the loader's path, $" CUDAJIT_CUDA_HOME_VARIABLE
            "/lib64 or " CUDAJIT_DEFAULT_CUDA_HOME "/lib64";
      return;
    }
  if (!(*(void **) &nvjitlink.create = dlsym (handle, "nvJitLinkCreate"))
      || !(*(void **) &nvjitlink.add_data = dlsym (handle, "nvJitLinkAddData"))
      || !(*(void **) &nvjitlink.complete
           = dlsym (handle, "nvJitLinkComplete"))
      || !(*(void **) &nvjitlink.cubin_size
           = dlsym (handle, "nvJitLinkGetLinkedCubinSize"))
      || !(*(void **) &nvjitlink.cubin
           = dlsym (handle, "nvJitLinkGetLinkedCubin"))
      || !(*(void **) &nvjitlink.log_size
           = dlsym (handle, "nvJitLinkGetErrorLogSize"))
      || !(*(void **) &nvjitlink.log = dlsym (handle, "nvJitLinkGetErrorLog"))
      || !(*(void **) &nvjitlink.destroy = dlsym (handle, "nvJitLinkDestroy")))
    nvjitlink_error = "nvJitLink lacks a function that cudajit calls";
}

static const char *
link_with_nvjitlink (const struct cudajit_link_input *inputs, size_t count,
                     int arch, char **code, size_t *size, char **log)
{
  static const nvJitLinkInputType types[] = {
    [CUDAJIT_LINKED_PTX] = NVJITLINK_INPUT_PTX,
    [CUDAJIT_LINKED_CUBIN] = NVJITLINK_INPUT_CUBIN,
    [CUDAJIT_LINKED_FATBIN] = NVJITLINK_INPUT_FATBIN,
  };
  nvJitLinkHandle handle;
  char option[32];
  const char *options[] = { option };
  const char *error = NULL;
  size_t log_size = 0;

  pthread_once (&nvjitlink_once, load_nvjitlink);
  if (nvjitlink_error)
    return nvjitlink_error;
  snprintf (option, sizeof option, "-arch=sm_%d", arch);
  if (nvjitlink.create (&handle, 1, options) != NVJITLINK_SUCCESS)
    return "nvJitLinkCreate failed";
  for (size_t i = 0; i < count && !error; i++)
    if (nvjitlink.add_data (handle, types[inputs[i].kind], inputs[i].code,
                            inputs[i].size, inputs[i].name)
        != NVJITLINK_SUCCESS)
      error = "nvJitLink cannot add the code";
  if (!error && nvjitlink.complete (handle) != NVJITLINK_SUCCESS)
    error = "nvJitLink cannot link the code";
  if (!error
      && (nvjitlink.cubin_size (handle, size) != NVJITLINK_SUCCESS
          || nvjitlink.cubin (handle, *code = cudajit_xrealloc (NULL, *size))
                 != NVJITLINK_SUCCESS))
    error = "nvJitLink gives no cubin";
  if (error && nvjitlink.log_size (handle, &log_size) == NVJITLINK_SUCCESS
      && log_size > 1)
    nvjitlink.log (handle, *log = cudajit_xrealloc (NULL, log_size));
  nvjitlink.destroy (&handle);
  return error;
}

static const char *
link_with_driver (const struct cudajit_link_input *inputs, size_t count,
                  char **code, size_t *size, char **log)
{
  static const CUjitInputType types[] = {
    [CUDAJIT_LINKED_PTX] = CU_JIT_INPUT_PTX,
    [CUDAJIT_LINKED_CUBIN] = CU_JIT_INPUT_CUBIN,
    [CUDAJIT_LINKED_FATBIN] = CU_JIT_INPUT_FATBINARY,
  };
  CUjit_option options[]
      = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  char *buffer = cudajit_xrealloc (NULL, LINK_LOG_BYTES);
  void *values[] = { buffer, (void *) (uintptr_t) LINK_LOG_BYTES };
  CUlinkState state;
  CUresult result;
  void *cubin;

  *buffer = '\0';
  result = cudajit_cu.cuLinkCreate_v2 (2, options, values, &state);
  if (result != CUDA_SUCCESS)
    {
      free (buffer);
      return cudajit_cuda_error (result);
    }
  for (size_t i = 0; i < count && result == CUDA_SUCCESS; i++)
    result = cudajit_cu.cuLinkAddData_v2 (
        state, types[inputs[i].kind], (void *) inputs[i].code, inputs[i].size,
        inputs[i].name, 0, NULL, NULL);
  if (result == CUDA_SUCCESS)
    result = cudajit_cu.cuLinkComplete (state, &cubin, size);
  /* The cubin is the link's until it is destroyed.  */
  if (result == CUDA_SUCCESS)
    *code = memcpy (cudajit_xrealloc (NULL, *size), cubin, *size);
  cudajit_cu.cuLinkDestroy (state);
  if (*buffer)
    *log = buffer;
  else
    free (buffer);
  return result == CUDA_SUCCESS ? NULL : cudajit_cuda_error (result);
}

const char *
cudajit_link (const struct cudajit_link_input *inputs, size_t count, int arch,
              char **code, size_t *size, char **log)
{
  *code = *log = NULL;
  *size = 0;
  return cudajit_cu.cuLinkCreate_v2
             ? link_with_driver (inputs, count, code, size, log)
             : link_with_nvjitlink (inputs, count, arch, code, size, log);
}

bool
cudajit_link_module (struct cudajit_kernel *kernel, int arch,
                     const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;
  /* A unit whose kernels link files alone registers no linkage.  */
  const struct cudajit_linkage own
      = { module->unit, module->unit_name, "", "", NULL };
  const struct cudajit_linkage **units
      = cudajit_xrealloc (NULL, sizeof *units);
  size_t count = 1, compiled = 0;
  struct cudajit_image *images;
  struct cudajit_link_input *inputs;
  const char *error = NULL;
  char *code, *log = NULL;
  size_t size;
  double start = cudajit_profile_clock_ms ();

  units[0] = unit_linkage (module->unit);
  if (!units[0])
    units[0] = &own;
  if (!add_defining_units (&units, &count, site))
    {
      free (units);
      return false;
    }
  images = cudajit_xrealloc (NULL, count * sizeof *images);
  inputs = cudajit_xrealloc (NULL, (count + module->linked_code_count)
                                       * sizeof *inputs);
  for (; compiled < count && !error; compiled++)
    {
      /* Each with the options of the kernel's module, as a device
         function of its own unit would be.  */
      struct cudajit_module *unit = compiled ? *units[compiled]->unit : module;
      char *source = compiled ? cudajit_module_device_source (unit)
                              : cudajit_module_source (module, NULL, NULL);
      struct cudajit_image *image = &images[compiled];
      char *name = cudajit_module_file_name (unit);
      error = cudajit_nvrtc_compile (
          source, name, arch,
          (module->compile_flags & CUDAJIT_COMPILE_NVRTC_MASK)
              | CUDAJIT_NVRTC_RELOCATABLE,
          true, image);
      free (source);
      if (error)
        cudajit_error (site, "NVRTC cannot compile %s for sm_%d: %s%s%s", name,
                       arch, error, *image->log ? "\n" : "", image->log);
      inputs[compiled]
          = (struct cudajit_link_input){ name, image->code, image->size,
                                         image->ptx ? CUDAJIT_LINKED_PTX
                                                    : CUDAJIT_LINKED_CUBIN };
    }
  if (module->linked_code_count)
    memcpy (inputs + count, module->linked_code,
            module->linked_code_count * sizeof *inputs);
  if (!error
      && (error = cudajit_link (inputs, count + module->linked_code_count,
                                arch, &code, &size, &log)))
    cudajit_error (site, "cannot link %s with what it calls: %s%s%s",
                   inputs[0].name, error, log ? "\n" : "", log ? log : "");
  else if (!error)
    {
      free (module->code);
      module->code = code;
      module->code_arch = arch;
      module->compile_ms = cudajit_profile_clock_ms () - start;
      cudajit_verbose ("%s compiled relocatable and linked with %zu other "
                       "unit%s and %zu file%s for sm_%d in %.1f ms",
                       inputs[0].name, count - 1, count == 2 ? "" : "s",
                       module->linked_code_count,
                       module->linked_code_count == 1 ? "" : "s", arch,
                       module->compile_ms);
    }
  free (log);
  for (size_t i = 0; i < compiled; i++)
    {
      free (images[i].code);
      free (images[i].log);
      free ((char *) inputs[i].name);
    }
  free (images);
  free (inputs);
  free (units);
  return !error;
}
