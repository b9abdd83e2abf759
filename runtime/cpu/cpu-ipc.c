/* SPDX-License-Identifier: MIT */
/* The CPU backend's memory shared between processes (backend.h).  Device
   memory is the process's own anonymous pages: cuda_ipc_handle moves
   those pages into a memfd mapped shared at the same address, which the
   other process opens through /proc/PID/fd and maps where it likes:
   forked and exec'd processes alike, as on the GPU.  The registry keeps
   the memfd open until it unmaps the memory, so that the handle stays
   good.  */

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

bool
cudajit_cpu_ipc_share (const struct cudajit_object_info *info,
                       struct cudajit_ipc_handle *h)
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

void *
cudajit_cpu_ipc_open (const struct cudajit_ipc_handle *h,
                      unsigned long long *buffer_id)
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

void
cudajit_cpu_ipc_close (const struct cudajit_object_info *info)
{
  /* The mapping starts where the file does, before the memory.  */
  long page = sysconf (_SC_PAGESIZE);
  uintptr_t start = (uintptr_t) info->base & ~(uintptr_t) (page - 1);
  munmap ((void *) start, (uintptr_t) info->base + info->size - start);
}
