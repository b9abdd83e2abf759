/* SPDX-License-Identifier: MIT */
/* What the kernel queries (kernel-info.c) ask of the GPU: a kernel's
   attributes, from the driver, and the architecture whose code answers
   for its PTX or cubin.  */

#include "internal.h"

bool
cudajit_gpu_kernel_info (struct cudajit_kernel *kernel,
                         struct cuda_kernel_info *info,
                         const struct cudajit_site *site)
{
  static const CUfunction_attribute attributes[]
      = { CU_FUNC_ATTRIBUTE_NUM_REGS,
          CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
          CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
          CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
          CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
          CU_FUNC_ATTRIBUTE_BINARY_VERSION };
  int value[sizeof attributes / sizeof *attributes];
  CUfunction function = cudajit_kernel_function (kernel, site);

  if (!function)
    return false;
  for (size_t i = 0; i < sizeof attributes / sizeof *attributes; i++)
    if (!cudajit_check (
            cudajit_cu.cuFuncGetAttribute (&value[i], attributes[i], function),
            site, "cuFuncGetAttribute"))
      return false;
  *info = (struct cuda_kernel_info){ value[0],          (size_t) value[1],
                                     (size_t) value[2], (size_t) value[3],
                                     value[4],          value[5] };
  return true;
}

int
cudajit_gpu_query_arch (void)
{
  return cudajit_current_gpu->arch;
}

/* The newest PTX for the GPU or older, or the cubin that it runs.  */
const struct cudajit_embedded_image *
cudajit_gpu_query_image (const struct cudajit_module *module, bool ptx)
{
  const struct cudajit_embedded_image *best;

  if (ptx)
    return cudajit_module_ptx_image (module, cudajit_current_gpu->arch);
  best = cudajit_module_image (module, cudajit_current_gpu->arch);
  if (best && best->target.ptx)
    best = NULL;
  return best;
}
