/* SPDX-License-Identifier: MIT */
/* The copies to and from device variables, CUDA's cudaMemcpyToSymbol and
   cudaMemcpyFromSymbol.  A device variable is the host variable on the
   CPU backend; on a GPU it lives in the module of the unit that defines
   it, compiled and loaded as a launch would, so that the value persists
   from launch to launch.  */

#include "internal.h"

#include <string.h>

/* The name of the API's function that copies as HOW says.  */
static const char *
function_name (int how)
{
  static const char *const names[] = {
    [0] = "cuda_copy_from_symbol",
    [CUDAJIT_SYMBOL_TO] = "cuda_copy_to_symbol",
    [CUDAJIT_SYMBOL_ASYNC] = "cuda_copy_from_symbol_async",
    [CUDAJIT_SYMBOL_TO | CUDAJIT_SYMBOL_ASYNC] = "cuda_copy_to_symbol_async",
  };
  return names[how & (CUDAJIT_SYMBOL_TO | CUDAJIT_SYMBOL_ASYNC)];
}

/* The GPU's copy of VARIABLE, on the calling thread's GPU, into *DEV; or
   false, after the error was reported.  */
static bool
device_address (const struct cudajit_device_variable *variable,
                const struct cudajit_site *site, CUdeviceptr *dev)
{
  CUmodule module = cudajit_module_handle (variable->module, site);
  size_t bytes;

  return module
         && cudajit_check (cudajit_cu.cuModuleGetGlobal_v2 (
                               dev, &bytes, module, variable->name),
                           site, "cuModuleGetGlobal");
}

void
cudajit_copy_symbol (void *symbol, size_t symbol_size, const char *name,
                     void *host, size_t bytes, int how, void *stream,
                     const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  const char *function = function_name (how);
  bool to = how & CUDAJIT_SYMBOL_TO, async = how & CUDAJIT_SYMBOL_ASYNC;
  const struct cudajit_device_variable *variable;
  struct cudajit_watch watch;
  CUdeviceptr dev;
  CUresult r;

  if (bytes > symbol_size)
    {
      cudajit_error (&site,
                     "%s: %zu bytes are more than the %zu bytes of device "
                     "variable '%s'",
                     function, bytes, symbol_size, name);
      return;
    }
  if (to && (how & CUDAJIT_SYMBOL_CONST))
    {
      cudajit_error (&site,
                     "%s: device variable '%s' is const: no copy may "
                     "change it, for kernels may have its value built in; "
                     "drop the const to copy to it",
                     function, name);
      return;
    }
  if (!host && bytes)
    {
      cudajit_error (&site, "%s: the host pointer is null", function);
      return;
    }
  bool gpu = cudajit_gpu_p ();
  if (async
      && !cudajit_check_handle (&site, function, stream, CUDAJIT_STREAM, gpu))
    return;
  variable = gpu ? cudajit_device_variable_at (symbol) : NULL;
  /* Where no kernel uses it, the host variable is its only copy.  */
  if (!variable)
    {
      if (to)
        memmove (symbol, host, bytes);
      else
        memmove (host, symbol, bytes);
      return;
    }
  if (!device_address (variable, &site, &dev))
    return;
  /* A copy that is not async waits for the kernels before it.  */
  if (!async)
    cudajit_watch_gpu (&watch);
  if (to)
    r = async ? cudajit_cu.cuMemcpyHtoDAsync_v2 (dev, host, bytes, stream)
              : cudajit_cu.cuMemcpyHtoD_v2 (dev, host, bytes);
  else
    r = async ? cudajit_cu.cuMemcpyDtoHAsync_v2 (host, dev, bytes, stream)
              : cudajit_cu.cuMemcpyDtoH_v2 (host, dev, bytes);
  if (!async)
    cudajit_unwatch (&watch);
  if (cudajit_check (r, &site, function) && !to && !async)
    cudajit_gpu_waited ();
}
