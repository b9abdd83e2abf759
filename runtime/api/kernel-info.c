/* SPDX-License-Identifier: MIT */
/* What a kernel was compiled into: cuda_kernel_info, cuda_kernel_ptx and
   cuda_kernel_cubin, which the plugin rewrites into calls of
   cudajit_query_kernel.  */

#include "cudajit-config.h"
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* KERNEL's module compiled by NVRTC, all its kernels, for the GPU or,
   on the CPU backend, the newest architecture that NVRTC knows; as PTX
   with PTX.  Kept in *CODE, its size in *SIZE, after the first call.
   False, once reported, if it cannot be.  */
static bool
compile_for_query (struct cudajit_kernel *kernel, bool ptx, char **code,
                   size_t *size, const struct cudajit_site *site)
{
  struct cudajit_module *module = kernel->module;
  const char *error = cudajit_load_nvrtc ();
  struct cudajit_image image = { 0 };
  bool done;

  if (error)
    {
      cudajit_error (site, "the code of kernel '%s' needs NVRTC: %s",
                     kernel->name, error);
      return false;
    }
  pthread_mutex_lock (&cudajit_module_lock);
  if (!*code)
    {
      int arch = cudajit_backend_ops ()->query_arch ();
      char *name = cudajit_module_file_name (module);
      char *source = cudajit_module_source (module, NULL, NULL);
      /* A unit linked with others' code answers with its own part, as
         it is linked.  */
      error = cudajit_nvrtc_compile (
          source, name, arch,
          (module->compile_flags & CUDAJIT_COMPILE_NVRTC_MASK)
              | (ptx ? CUDAJIT_NVRTC_PTX : 0)
              | (cudajit_module_links_p (module) ? CUDAJIT_NVRTC_RELOCATABLE
                                                 : 0),
          true, &image);
      free (source);
      if (error)
        cudajit_error (site, "NVRTC cannot compile %s, of kernel '%s': %s%s%s",
                       name, kernel->name, error, *image.log ? "\n" : "",
                       image.log);
      else if (image.ptx != ptx)
        cudajit_error (site,
                       "NVRTC cannot compile %s, of kernel '%s', for the "
                       "GPU's sm_%d, only PTX for the driver",
                       name, kernel->name, arch);
      else
        {
          *code = image.code;
          *size = image.size;
          image.code = NULL;
        }
      free (image.code);
      free (image.log);
      free (name);
    }
  done = *code != NULL;
  pthread_mutex_unlock (&cudajit_module_lock);
  return done;
}

/* The image of MODULE compiled ahead of time that answers a query for
   its PTX, or its cubin: on a GPU, the newest PTX for it or older, or the
   cubin that it runs; on the CPU backend, the newest.  Null if it has
   none, for NVRTC to compile the code.  */
static const struct cudajit_embedded_image *
image_for_query (const struct cudajit_module *module, bool ptx)
{
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  const struct cudajit_embedded_image *best;

  pthread_mutex_lock (&cudajit_module_lock);
  best = ops->query_image (module, ptx);
  pthread_mutex_unlock (&cudajit_module_lock);
  return best;
}

/* QUERY's answer, WHAT (enum cudajit_kernel_query), for KERNEL, asked at
   SITE; 0 after an error.  */
static int
occupancy (struct cudajit_kernel *kernel, int what,
           const struct cudajit_occupancy_query *query,
           const struct cudajit_site *site)
{
  struct cudajit_launch_config config
      = { .grid = { 1, 1, 1 },
          .block = query->block,
          .shared_bytes = query->shared_bytes };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  int answer, multiprocessors;

  if (!ops->config_fits (kernel, &config, site))
    return 0;
  if (what == CUDAJIT_QUERY_MAX_BLOCK_SIZE)
    return ops->best_block (kernel, query->shared_bytes, site, &answer)
               ? answer
               : 0;
  if (!ops->resident_blocks (kernel, query->block, query->shared_bytes, site,
                             &answer, &multiprocessors))
    return 0;
  return what == CUDAJIT_QUERY_BLOCKS_PER_SM ? answer
                                             : answer * multiprocessors;
}

const void *
cudajit_query_kernel (void *handle, int what, void *result, const char *file,
                      int line)
{
  struct cudajit_kernel *kernel = handle;
  struct cudajit_module *module = kernel->module;
  const struct cudajit_embedded_image *image;
  /* Not a launch: the messages name the kernel themselves.  */
  const struct cudajit_site site = { NULL, file, line };

  switch (what)
    {
    case CUDAJIT_QUERY_INFO:
      if (!cudajit_backend_ops ()->kernel_info (kernel, result, &site))
        memset (result, 0, sizeof (struct cuda_kernel_info));
      return result;
    case CUDAJIT_QUERY_PTX:
      if ((image = image_for_query (module, true)))
        return image->code;
      return compile_for_query (kernel, true, &module->ptx, &module->ptx_size,
                                &site)
                 ? module->ptx
                 : NULL;
    case CUDAJIT_QUERY_CUBIN:
      {
        if ((image = image_for_query (module, false)))
          {
            if (result)
              *(size_t *) result = image->size;
            return image->code;
          }
        bool compiled = compile_for_query (kernel, false, &module->cubin,
                                           &module->cubin_size, &site);
        if (result)
          *(size_t *) result = compiled ? module->cubin_size : 0;
        return compiled ? module->cubin : NULL;
      }
    case CUDAJIT_QUERY_MAX_BLOCK_SIZE:
    case CUDAJIT_QUERY_BLOCKS_PER_SM:
    case CUDAJIT_QUERY_COOPERATIVE_BLOCKS:
      {
        struct cudajit_occupancy_query *query = result;
        query->result = occupancy (kernel, what, query, &site);
        return result;
      }
    default:
      cudajit_fatal (&site, "unknown query %d of a kernel", what);
    }
}

const void *
cudajit_unqueried_kernel (void (*kernel) (void), int what, void *result,
                          const char *file, int line)
{
  static const char *const names[CUDAJIT_QUERY_COUNT]
      = { "cuda_kernel_info",
          "cuda_kernel_ptx",
          "cuda_kernel_cubin",
          "cuda_occupancy_max_block_size",
          "cuda_occupancy_blocks_per_sm",
          "cuda_max_cooperative_grid_blocks" };

  (void) kernel;
  (void) result;
  cudajit_fatal (
      &(struct cudajit_site){ NULL, file, line },
      "%s was compiled without the cudajit plugin; " CUDAJIT_UNPLUGGED_HINT,
      what >= 0 && what < (int) (sizeof names / sizeof *names)
          ? names[what]
          : "a kernel query");
}
