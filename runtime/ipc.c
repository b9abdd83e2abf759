/* SPDX-License-Identifier: MIT */
/* cuda_ipc_handle, cuda_ipc_open and cuda_ipc_close: device memory
   shared between the processes of a node.

   On the GPU, the driver's IPC handle of the allocation, and where the
   pointer lies in it.  On the CPU backend, where device memory is the
   process's own anonymous pages, cuda_ipc_handle moves those pages into
   a memfd mapped shared at the same address, which the other process
   opens through /proc/PID/fd and maps where it likes: forked and exec'd
   processes alike, as on the GPU.  The registry keeps the memfd open
   until it unmaps the memory, so that the handle stays good.  */

#include "cudajit-config.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* "cjIP": a handle that cuda_ipc_handle made.  */
#define IPC_MAGIC 0x636a4950u

/* What a cuda_ipc_handle_t holds.  */
struct ipc_handle
{
  uint32_t magic;
  /* Whether the GPU made it, rather than the CPU backend.  */
  uint32_t gpu;
  int32_t pid;
  /* The CPU backend's memfd in process PID, and its inode, which the
     descriptor must still name.  */
  int32_t fd;
  uint64_t inode;
  /* The allocation's size, and where the pointer lies in it; on the CPU
     backend, where the allocation lies in the memfd.  */
  uint64_t size, offset, file_offset;
  CUipcMemHandle driver;
};

_Static_assert(sizeof (struct ipc_handle) <= CUDA_IPC_HANDLE_BYTES,
               "cuda_ipc_handle_t holds a handle");

/* The memfd that holds the CPU backend's object INFO, in H; false after
   reporting why there is none.  */
static bool
cpu_share (const struct cudajit_object_info *info, struct ipc_handle *h)
{
  size_t file_offset;
  struct stat st;
  int fd = cudajit_host_share (info->base, &file_offset);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      cudajit_error (NULL,
                     "cuda_ipc_handle: the %zu bytes at %p cannot be shared: "
                     "%s",
                     info->size, info->base, strerror (errno));
      return false;
    }
  h->fd = fd;
  h->inode = st.st_ino;
  h->file_offset = file_offset;
  return true;
}

cuda_ipc_handle_t
cuda_ipc_handle (const void *dev)
{
  cuda_ipc_handle_t handle;
  struct ipc_handle h = { 0 };
  memset (&handle, 0, sizeof handle);
  bool gpu = cudajit_gpu_p ();
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
  h.gpu = gpu;
  h.pid = getpid ();
  h.size = info.size;
  h.offset = (uintptr_t) dev - (uintptr_t) info.base;
  if (gpu ? !cudajit_check (
          cudajit_cu.cuIpcGetMemHandle (&h.driver,
                                        (CUdeviceptr) (uintptr_t) info.base),
          NULL, "cuIpcGetMemHandle")
          : !cpu_share (&info, &h))
    return handle;
  memcpy (handle.bytes, &h, sizeof h);
  return handle;
}

/* The base of the CPU backend's mapping of the memory that H names, or
   null after reporting why there is none.  */
static void *
cpu_open (const struct ipc_handle *h)
{
  char path[64];
  struct stat st;
  snprintf (path, sizeof path, "/proc/%d/fd/%d", (int) h->pid, (int) h->fd);
  int fd = open (path, O_RDWR | O_CLOEXEC);
  if (fd < 0 || fstat (fd, &st) != 0 || st.st_ino != h->inode)
    {
      cudajit_error (NULL,
                     "cuda_ipc_open: the memory of process %d cannot be "
                     "opened (%s): has it ended?",
                     (int) h->pid,
                     fd < 0 ? strerror (errno) : "another file by that name");
      if (fd >= 0)
        close (fd);
      return NULL;
    }
  size_t bytes = h->file_offset + h->size;
  char *p = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close (fd);
  if (p == MAP_FAILED)
    {
      cudajit_error (NULL, "cuda_ipc_open: %zu bytes cannot be mapped: %s",
                     bytes, strerror (errno));
      return NULL;
    }
  return p + h->file_offset;
}

void *
cuda_ipc_open (cuda_ipc_handle_t handle)
{
  struct ipc_handle h;
  memcpy (&h, handle.bytes, sizeof h);
  bool gpu = cudajit_gpu_p ();
  if (h.magic != IPC_MAGIC)
    {
      cudajit_error (NULL, "cuda_ipc_open: the handle does not come from "
                           "cuda_ipc_handle");
      return NULL;
    }
  if ((bool) h.gpu != gpu)
    {
      cudajit_error (NULL,
                     "cuda_ipc_open: the handle comes from a process on %s, "
                     "and this one runs on %s",
                     h.gpu ? "the GPU" : "the CPU backend",
                     gpu ? "the GPU" : "the CPU backend");
      return NULL;
    }
  if (h.pid == getpid ())
    {
      cudajit_error (NULL,
                     "cuda_ipc_open: the handle comes from this process, "
                     "which uses the memory itself");
      return NULL;
    }
  void *base;
  if (gpu)
    {
      CUdeviceptr dev;
      if (!cudajit_check (
              cudajit_cu.cuIpcOpenMemHandle_v2 (
                  &dev, h.driver, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
              NULL, "cuIpcOpenMemHandle"))
        return NULL;
      base = (void *) (uintptr_t) dev;
    }
  else if (!(base = cpu_open (&h)))
    return NULL;
  cudajit_register_object (base, h.size, CUDAJIT_IPC_MEMORY,
                           CUDAJIT_NOT_MAPPED,
                           gpu ? cudajit_buffer_id (base) : 0, 0);
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
  if (cudajit_gpu_p ())
    cudajit_check (
        cudajit_cu.cuIpcCloseMemHandle ((CUdeviceptr) (uintptr_t) info.base),
        NULL, "cuIpcCloseMemHandle");
  else
    {
      /* The mapping starts where the file does, before the memory.  */
      long page = sysconf (_SC_PAGESIZE);
      uintptr_t start = (uintptr_t) info.base & ~(uintptr_t) (page - 1);
      munmap ((void *) start, (uintptr_t) info.base + info.size - start);
    }
}
