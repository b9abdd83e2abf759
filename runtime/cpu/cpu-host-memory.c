/* SPDX-License-Identifier: MIT */
/* The CPU backend's memory, mapped from the system, each object with
   pages that no one may touch after it, so that a kernel that runs past
   the end of an array faults there, in the kernel, where the fault
   handler names it, rather than smashing the heap of the program and of
   the runtime.  The registry (objects.c) keeps what is mapped here, and
   frees it.  */

/* For the flags of mmap and memfd_create.  */
#define _GNU_SOURCE

#include "internal.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The inaccessible space after each: a kernel that skips ahead by less
   than this past the end lands in it rather than in the next mapping.
   It costs address space only.  */
#define GUARD_BYTES ((size_t) 64 << 10)

/* An object with a guard takes two of the mappings that Linux allows a
   process (vm.max_map_count, 65530 by default): at most this many have
   one at a time, half of those mappings, which leaves the others to the
   program and to the fibers' stacks; the others are mapped without.  */
#define GUARDED_OBJECTS 16384

void
cudajit_host_pages (uintptr_t base, size_t size, uintptr_t *start,
                    uintptr_t *end)
{
  uintptr_t page = sysconf (_SC_PAGESIZE);

  *start = base & ~(page - 1);
  *end = (base + size + page - 1) & ~(page - 1);
}

/* Large mappings often get addresses aligned alike (Linux packs them
   from the top, and their sizes are round numbers): arrays that a kernel
   walks together would then fall in the same sets of the caches at each
   index, and evict each other.  Each mapping of a large object starts at
   the next of MAPPED_COLORS pages, counted from such an address, as
   malloc's arrays are spread; a small one takes no more than the pages
   it needs.  */
#define MAPPED_COLORS 16
#define COLORED_BYTES_MIN ((size_t) 1 << 20)

/* The objects mapped with a guard.  */
static atomic_uint guarded_objects;

/* The guard after an object mapped as MAPPING.  */
static size_t
guard_bytes (enum cudajit_host_mapping mapping)
{
  size_t page = sysconf (_SC_PAGESIZE);

  return mapping == CUDAJIT_MAPPED_GUARDED
             ? (GUARD_BYTES + page - 1) & ~(page - 1)
             : 0;
}

void *
cudajit_host_allocate (size_t bytes, size_t align,
                       enum cudajit_host_mapping *mapping)
{
  static atomic_uint next_color;
  size_t page = sysconf (_SC_PAGESIZE), guard, span, pages, used;
  uintptr_t color, start, end;
  char *p;

  *mapping = atomic_fetch_add (&guarded_objects, 1) < GUARDED_OBJECTS
                 ? CUDAJIT_MAPPED_GUARDED
                 : CUDAJIT_MAPPED_UNGUARDED;
  if (*mapping == CUDAJIT_MAPPED_UNGUARDED)
    {
      static atomic_bool said;

      atomic_fetch_sub (&guarded_objects, 1);
      if (!atomic_exchange (&said, true))
        cudajit_verbose ("%d arrays of the CPU backend have guard pages after "
                         "them; the others have none, lest they take all "
                         "the mappings Linux allows",
                         GUARDED_OBJECTS);
    }
  guard = guard_bytes (*mapping);
  span = bytes >= COLORED_BYTES_MIN ? MAPPED_COLORS * page : 0;
  if (bytes > SIZE_MAX - span - guard - page - align)
    {
      cudajit_host_free (NULL, 0, *mapping);
      return NULL;
    }
  used = (bytes + align - 1) & ~(align - 1);
  pages = (used + page - 1) & ~(page - 1);
  p = mmap (NULL, pages + guard + span, PROT_NONE,
            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    {
      cudajit_host_free (NULL, 0, *mapping);
      return NULL;
    }
  start = (uintptr_t) p;
  if (span)
    {
      color = atomic_fetch_add_explicit (&next_color, 1, memory_order_relaxed)
              % MAPPED_COLORS;
      start = ((uintptr_t) p + span - 1) / span * span - span + color * page;
      if (start < (uintptr_t) p)
        start += span;
    }
  end = start + pages;
  /* The mapping is then the object's pages and the guard alone, as
     munmap wants it.  */
  if (start > (uintptr_t) p)
    munmap (p, start - (uintptr_t) p);
  if ((uintptr_t) p + pages + guard + span > end + guard)
    munmap ((void *) (end + guard),
            (uintptr_t) p + pages + guard + span - end - guard);
  if (mprotect ((void *) start, pages, PROT_READ | PROT_WRITE) != 0)
    {
      munmap ((void *) start, pages + guard);
      cudajit_host_free (NULL, 0, *mapping);
      return NULL;
    }
  memset ((char *) (end - used) + bytes, CUDAJIT_SLACK_FILL, used - bytes);
  return (void *) (end - used);
}

int
cudajit_host_share_pages (uintptr_t start, uintptr_t end)
{
  int fd = memfd_create ("cudajit-ipc", MFD_CLOEXEC);
  if (fd < 0)
    return -1;
  /* The pages' contents go to the file, which then replaces them at
     their own address, so that pointers into them stay valid.  */
  ssize_t written = 0;
  while (written >= 0 && (size_t) written < end - start)
    {
      ssize_t more = write (fd, (char *) start + written,
                            end - start - (size_t) written);
      written = more < 0 ? -1 : written + more;
    }
  if (written < 0
      || mmap ((void *) start, end - start, PROT_READ | PROT_WRITE,
               MAP_SHARED | MAP_FIXED, fd, 0)
             == MAP_FAILED)
    {
      int error = errno;
      close (fd);
      errno = error;
      return -1;
    }
  return fd;
}

void
cudajit_host_free (void *p, size_t bytes, enum cudajit_host_mapping mapping)
{
  uintptr_t start, end;

  if (mapping == CUDAJIT_MAPPED_GUARDED)
    atomic_fetch_sub (&guarded_objects, 1);
  if (!p)
    return;
  cudajit_host_pages ((uintptr_t) p, bytes, &start, &end);
  munmap ((void *) start, end + guard_bytes (mapping) - start);
}
