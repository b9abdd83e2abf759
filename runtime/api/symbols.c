/* SPDX-License-Identifier: MIT */
/* The copies to and from device variables, CUDA's cudaMemcpyToSymbol and
   cudaMemcpyFromSymbol.  A device variable is the host variable on the
   CPU backend; on a GPU it lives in the module of the unit that defines
   it (gpu-symbols.c).  */

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

void
cudajit_copy_symbol (void *symbol, size_t symbol_size, const char *name,
                     void *host, size_t bytes, int how, void *stream,
                     const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  const char *function = function_name (how);
  bool to = how & CUDAJIT_SYMBOL_TO, async = how & CUDAJIT_SYMBOL_ASYNC;

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
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  if (async
      && !cudajit_check_handle (&site, function, stream, CUDAJIT_STREAM,
                                ops->gpu))
    return;
  /* Where no kernel uses it, the host variable is its only copy.  */
  if (ops->copy_symbol (symbol, host, bytes, to, async, stream, &site,
                        function))
    return;
  if (to)
    memmove (symbol, host, bytes);
  else
    memmove (host, symbol, bytes);
}
