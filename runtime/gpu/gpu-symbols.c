/* SPDX-License-Identifier: MIT */
/* The GPU backend's copies to and from device variables (backend.h): a
   device variable lives in the module of the unit that defines it,
   compiled and loaded as a launch would, so that the value persists from
   launch to launch.  */

#include "internal.h"

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

bool
cudajit_gpu_copy_symbol (void *symbol, void *host, size_t bytes, bool to,
                         bool async, cuda_stream_t stream,
                         const struct cudajit_site *site, const char *function)
{
  const struct cudajit_device_variable *variable
      = cudajit_device_variable_at (symbol);
  struct cudajit_watch watch;
  CUdeviceptr dev;
  CUresult r;

  if (!variable)
    return false;
  if (!device_address (variable, site, &dev))
    return true;
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
  if (cudajit_check (r, site, function) && !to && !async)
    cudajit_gpu_waited ();
  return true;
}
