/* SPDX-License-Identifier: MIT */
/* What the kernel queries (kernel-info.c) ask of the CPU backend: a
   kernel's attributes as it runs there, and the code that answers for
   its PTX or cubin, the newest that NVRTC knows or that was compiled
   ahead of time.  */

#include "internal.h"

#include <limits.h>

bool
cudajit_cpu_kernel_info (struct cudajit_kernel *kernel,
                         struct cuda_kernel_info *info,
                         const struct cudajit_site *site)
{
  (void) site;
  *info = (struct cuda_kernel_info){
    .shared_bytes = kernel->static_shared_bytes,
    .max_threads_per_block = (int) cudajit_cpu_limits.threads,
  };
  return true;
}

int
cudajit_cpu_query_arch (void)
{
  return cudajit_nvrtc_newest_arch ();
}

/* The newest image.  */
const struct cudajit_embedded_image *
cudajit_cpu_query_image (const struct cudajit_module *module, bool ptx)
{
  const struct cudajit_embedded_image *best = NULL;

  if (ptx)
    return cudajit_module_ptx_image (module, INT_MAX);
  for (size_t i = 0; i < module->image_count; i++)
    {
      const struct cudajit_embedded_image *image = &module->images[i];
      if (!image->target.ptx
          && (!best || image->target.arch > best->target.arch))
        best = image;
    }
  return best;
}
