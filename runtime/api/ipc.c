/* SPDX-License-Identifier: MIT */
/* cuda_ipc_handle, cuda_ipc_open and cuda_ipc_close: device memory
   shared between the processes of a node.  The handle says which
   backend made it, whose process, and where the pointer lies in the
   allocation; the rest is the backend's (gpu-ipc.c, cpu-ipc.c).  */

#include "internal.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* "cjIP": a handle that cuda_ipc_handle made.  */
#define IPC_MAGIC 0x636a4950u

_Static_assert(sizeof (struct cudajit_ipc_handle) <= CUDA_IPC_HANDLE_BYTES,
               "cuda_ipc_handle_t holds a handle");

cuda_ipc_handle_t
cuda_ipc_handle (const void *dev)
{
  cuda_ipc_handle_t handle;
  struct cudajit_ipc_handle h = { 0 };
  memset (&handle, 0, sizeof handle);
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  struct cudajit_object_info info = cudajit_find_object (dev);
  if (!info.known || info.released || info.kind != CUDAJIT_DEVICE_MEMORY)
    {
      if (info.known && info.released)
        cudajit_error (NULL, "cuda_ipc_handle: %p is in %s that was %s", dev,
                       cudajit_object_kinds[info.kind].what,
                       cudajit_object_kinds[info.kind].ended);
      else
        cudajit_error (NULL,
                       "cuda_ipc_handle: %p is not in device memory from "
                       "cuda_device_array or cuda_to_device",
                       dev);
      return handle;
    }
  h.magic = IPC_MAGIC;
  h.gpu = ops->gpu;
  h.pid = getpid ();
  h.size = info.size;
  h.offset = (uintptr_t) dev - (uintptr_t) info.base;
  if (!ops->ipc_share (&info, &h))
    return handle;
  memcpy (handle.bytes, &h, sizeof h);
  return handle;
}

void *
cuda_ipc_open (cuda_ipc_handle_t handle)
{
  struct cudajit_ipc_handle h;
  memcpy (&h, handle.bytes, sizeof h);
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  unsigned long long buffer_id = 0;
  if (h.magic != IPC_MAGIC)
    {
      cudajit_error (NULL, "cuda_ipc_open: the handle does not come from "
                           "cuda_ipc_handle");
      return NULL;
    }
  if ((bool) h.gpu != ops->gpu)
    {
      cudajit_error (NULL,
                     "cuda_ipc_open: the handle comes from a process on %s, "
                     "and this one runs on %s",
                     h.gpu ? "the GPU" : "the CPU backend", ops->where);
      return NULL;
    }
  if (h.pid == getpid ())
    {
      cudajit_error (NULL,
                     "cuda_ipc_open: the handle comes from this process, "
                     "which uses the memory itself");
      return NULL;
    }
  void *base = ops->ipc_open (&h, &buffer_id);
  if (!base)
    return NULL;
  cudajit_register_object (base, h.size, CUDAJIT_IPC_MEMORY,
                           CUDAJIT_NOT_MAPPED, buffer_id, 0);
  return (char *) base + h.offset;
}

void
cuda_ipc_close (void *dev)
{
  struct cudajit_object_info info = cudajit_find_object (dev);
  if (!info.known || info.released || info.kind != CUDAJIT_IPC_MEMORY)
    {
      cudajit_report_object (NULL, "cuda_ipc_close", dev, CUDAJIT_IPC_MEMORY);
      return;
    }
  cudajit_release_object (info.base, CUDAJIT_IPC_MEMORY);
  atomic_fetch_add_explicit (&cudajit_free_generation, 1,
                             memory_order_release);
  cudajit_backend_ops ()->ipc_close (&info);
}
