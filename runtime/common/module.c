/* SPDX-License-Identifier: MIT */
/* A translation unit's modules, as the registration fills them and the JIT
   and the kernel queries read them: their lock, their CUDA C, the name
   NVRTC knows them by, and the image compiled ahead of time that a GPU
   runs.  */

#include "internal.h"

#include <pthread.h>

pthread_mutex_t cudajit_module_lock = PTHREAD_MUTEX_INITIALIZER;

struct cudajit_linkage *cudajit_linkages;

char *
cudajit_module_piece (const char *prelude, const char *cuda_source)
{
  return cudajit_append (cudajit_append (NULL, prelude), cuda_source);
}

char *
cudajit_module_source (const struct cudajit_module *module,
                       const struct cudajit_kernel *only,
                       const struct cudajit_kernel *except)
{
  char *source = cudajit_append (NULL, "");

  for (size_t i = 0; i < module->segment_count; i++)
    {
      const struct cudajit_kernel *k = module->segments[i].kernel;
      if (!k || (k->module == module && (!only || k == only) && k != except))
        source = cudajit_append (source, module->segments[i].text);
    }
  return source;
}

char *
cudajit_module_device_source (const struct cudajit_module *module)
{
  char *source = cudajit_append (NULL, "");

  for (size_t i = 0; i < module->segment_count; i++)
    if (!module->segments[i].kernel)
      source = cudajit_append (source, module->segments[i].text);
  return source;
}

char *
cudajit_module_file_name (const struct cudajit_module *module)
{
  return cudajit_append (cudajit_append (NULL, module->unit_name), ".cu");
}

/* Whether a GPU of architecture ARCH runs IMAGE as a cubin.  */
static bool
runs_cubin (const struct cudajit_target *image, int arch)
{
  if (image->ptx)
    return false;
  if (image->specific)
    return image->arch == arch;
  return image->arch / 10 == arch / 10 && image->arch <= arch;
}

const struct cudajit_embedded_image *
cudajit_module_ptx_image (const struct cudajit_module *module, int arch)
{
  const struct cudajit_embedded_image *ptx = NULL;

  for (size_t i = 0; i < module->image_count; i++)
    {
      const struct cudajit_target *t = &module->images[i].target;
      if (t->ptx && t->arch <= arch && (!ptx || t->arch > ptx->target.arch))
        ptx = &module->images[i];
    }
  return ptx;
}

const struct cudajit_embedded_image *
cudajit_module_image (const struct cudajit_module *module, int arch)
{
  const struct cudajit_embedded_image *cubin = NULL;

  for (size_t i = 0; i < module->image_count; i++)
    {
      const struct cudajit_embedded_image *image = &module->images[i];
      const struct cudajit_target *t = &image->target;

      if (runs_cubin (t, arch)
          && (!cubin || t->arch > cubin->target.arch
              || (t->arch == cubin->target.arch && t->specific)))
        cubin = image;
    }
  return cubin ? cubin : cudajit_module_ptx_image (module, arch);
}
