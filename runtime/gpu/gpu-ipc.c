/* SPDX-License-Identifier: MIT */
/* The GPU backend's memory shared between processes (backend.h): the
   driver's IPC handle of the allocation.  */

#include "internal.h"

#include <stdint.h>

bool
cudajit_gpu_ipc_share (const struct cudajit_object_info *info,
                       struct cudajit_ipc_handle *h)
{
  return cudajit_check (cudajit_cu.cuIpcGetMemHandle (
                            &h->driver, (CUdeviceptr) (uintptr_t) info->base),
                        NULL, "cuIpcGetMemHandle");
}

void *
cudajit_gpu_ipc_open (const struct cudajit_ipc_handle *h,
                      unsigned long long *buffer_id)
{
  CUdeviceptr dev;
  void *base;

  if (!cudajit_check (cudajit_cu.cuIpcOpenMemHandle_v2 (
                          &dev, h->driver, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
                      NULL, "cuIpcOpenMemHandle"))
    return NULL;
  base = (void *) (uintptr_t) dev;
  *buffer_id = cudajit_buffer_id (base);
  return base;
}

void
cudajit_gpu_ipc_close (const struct cudajit_object_info *info)
{
  cudajit_check (
      cudajit_cu.cuIpcCloseMemHandle ((CUdeviceptr) (uintptr_t) info->base),
      NULL, "cuIpcCloseMemHandle");
}
