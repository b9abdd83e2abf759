/* SPDX-License-Identifier: MIT */
/* The registry (objects.c): what the runtime handed out, device, pinned,
   mapped and managed memory, streams, events and graphs, live or lately
   given back, which both backends ask before they use a pointer or a
   handle; and the CPU backend's host memory, mapped with guards after
   it.  Included by internal.h.  */

#ifndef CUDAJIT_OBJECTS_H
#define CUDAJIT_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cudajit_site;

/* How an object's memory was mapped: not by the runtime (the driver's
   memory, handles), or by cudajit_host_allocate, with a guard after it
   or without.  */
enum cudajit_host_mapping
{
  CUDAJIT_NOT_MAPPED,
  CUDAJIT_MAPPED_GUARDED,
  CUDAJIT_MAPPED_UNGUARDED
};

/* What the runtime hands out, which it keeps track of.  */
enum cudajit_object_kind
{
  CUDAJIT_DEVICE_MEMORY,
  CUDAJIT_PINNED_MEMORY,
  /* Pinned memory mapped into the GPU, at the same address there.  */
  CUDAJIT_MAPPED_MEMORY,
  /* Unified memory, which the driver moves where it is used.  */
  CUDAJIT_MANAGED_MEMORY,
  /* The program's own host memory, pinned by cuda_pin.  */
  CUDAJIT_PINNED_BY_PROGRAM,
  /* Another process's device memory, mapped by cuda_ipc_open.  */
  CUDAJIT_IPC_MEMORY,
  /* Device memory from the stream-ordered pool.  */
  CUDAJIT_POOL_MEMORY,
  CUDAJIT_STREAM,
  CUDAJIT_EVENT,
  CUDAJIT_GRAPH
};

/* Whether objects of KIND are handles, not memory: once destroyed, the
   heap may give their addresses to the program's own arrays.  */
static inline bool
cudajit_handle_kind_p (enum cudajit_object_kind kind)
{
  return kind == CUDAJIT_STREAM || kind == CUDAJIT_EVENT
         || kind == CUDAJIT_GRAPH;
}

/* Whether a kernel takes memory of KIND as it is: device memory, and
   mapped and managed memory, which every GPU reaches at the host's
   address; not pinned memory, which a launch copies as a host array.  */
static inline bool
cudajit_kernel_memory_p (enum cudajit_object_kind kind)
{
  return kind == CUDAJIT_DEVICE_MEMORY || kind == CUDAJIT_MAPPED_MEMORY
         || kind == CUDAJIT_MANAGED_MEMORY || kind == CUDAJIT_IPC_MEMORY
         || kind == CUDAJIT_POOL_MEMORY;
}

/* For messages: what each kind of object is and where it comes from, as
   "a stream from cuda_stream", and what ends it, as "destroyed by
   cuda_stream_destroy".  */
struct cudajit_object_kind_name
{
  const char *what, *ended;
};

extern const struct cudajit_object_kind_name cudajit_object_kinds[];

/* cpu-host-memory.c */

/* BYTES of host memory for an object of the CPU backend, aligned to
   ALIGN, a power of two that a page holds, and followed as closely as it
   lets by memory that faults when touched, unless too many objects are
   already (*MAPPING says which); or null if there are none.  Registered
   with its *MAPPING, the registry frees it; else cudajit_host_free, with
   the same BYTES and MAPPING.  */
void *cudajit_host_allocate (size_t bytes, size_t align,
                             enum cudajit_host_mapping *mapping);
void cudajit_host_free (void *p, size_t bytes,
                        enum cudajit_host_mapping mapping);

/* The pages that hold the object of SIZE bytes at BASE, from
   cudajit_host_allocate: [*START, *END), the guard after them left
   out.  */
void cudajit_host_pages (uintptr_t base, size_t size, uintptr_t *start,
                         uintptr_t *end);

/* Move the pages [START, END) into a new memfd, mapped shared where they
   were; its descriptor, or -1 with errno.  */
int cudajit_host_share_pages (uintptr_t start, uintptr_t end);

/* What fills the bytes between an object and its guard that its
   alignment leaves, where a store past its end does not fault: a kernel
   that stores there changes them (cudajit_first_overwritten_slack).  */
#define CUDAJIT_SLACK_FILL 0xa5

/* objects.c */

/* The memfd that holds the pages of the CPU backend's object that starts
   at P, mapped shared where they were and holding what they held, so that
   other processes may map them too: made at the first call, closed when
   the registry unmaps the object.  *OFFSET is where P lies in the file.
   -1, with errno, if that fails.  */
int cudajit_host_share (const void *p, size_t *offset);

/* The alignment of the CPU backend's device memory, malloc's: an object
   ends where its pages do as near as this lets it, and a store just past
   the end of an array of a size that is a multiple of it faults.  */
#define CUDAJIT_HOST_ALIGN 16

/* Keep track of an object of KIND at [BASE, BASE + SIZE), its memory
   mapped as MAPPING; BUFFER_ID is the driver's identifier of GPU memory,
   else 0; FLAGS, the CU_EVENT_* flags that an event was made with, on
   either backend, else 0.  It belongs to the calling thread's GPU.  */
void cudajit_register_object (const void *base, size_t size,
                              enum cudajit_object_kind kind,
                              enum cudajit_host_mapping mapping,
                              unsigned long long buffer_id,
                              unsigned int flags);

/* What the registry knows of the object that holds the byte at P.  */
struct cudajit_object_info
{
  bool known;
  /* Whether it was freed or destroyed.  */
  bool released;
  enum cudajit_object_kind kind;
  void *base;
  size_t size;
  unsigned long long buffer_id;
  unsigned int flags;
  /* The GPU that was selected when it was made: see
     cudajit_current_gpu_ordinal.  */
  int gpu;
};

struct cudajit_object_info cudajit_find_object (const void *p);

/* The index of the first of the COUNT POINTERS (null ones passed over)
   into memory of the CPU backend past whose end something stored, in the
   bytes that its alignment leaves before its guard, where a store does
   not fault: with how many bytes past its end in *PAST, and what the
   registry knows of it in *INFO; COUNT, with *PAST 0, if none.  Its
   bytes are made as they were.  */
unsigned int
cudajit_first_overwritten_slack (void *const *pointers, unsigned int count,
                                 size_t *past,
                                 struct cudajit_object_info *info);

/* The driver's identifier of the GPU memory that holds P, or 0 if it
   knows of none.  */
unsigned long long cudajit_buffer_id (const void *p);

/* Whether P, in GPU memory that INFO says was freed, is still freed for
   the driver, rather than in memory allocated there since by other means,
   such as cudaMalloc.  The driver may keep a small allocation's pages
   mapped after it is freed, so that only its identifier tells.  */
bool cudajit_gpu_freed_p (const struct cudajit_object_info *info,
                          const void *p);

/* Mark the live object of KIND that starts at P as released; its host
   memory, if owned, goes back to the system later.  Return false if there
   is no such object, and then do nothing.  */
bool cudajit_release_object (const void *p, enum cudajit_object_kind kind);

/* Forget at once the live object of KIND that starts at P, memory that
   stays the program's, so that none of it is taken for released memory
   later.  Return false if there is no such object.  */
bool cudajit_forget_object (const void *p, enum cudajit_object_kind kind);

/* Whether the BYTES at P lie in pinned host memory, which the GPU copies
   from and to at the bus's speed.  */
bool cudajit_pinned_range_p (const void *p, size_t bytes);

/* Report with cudajit_error why P, given to FUNCTION, is not the start of
   a live object of KIND, for the launch at SITE if SITE is not null.  */
void cudajit_report_object (const struct cudajit_site *site,
                            const char *function, const void *p,
                            enum cudajit_object_kind kind);

/* Whether the BYTES at P, the device side of a copy by FUNCTION, lie in
   live memory of any kind; if not, report it, at SITE, and return false.
   On the GPU, memory that the registry does not know is left to the
   driver.  */
bool cudajit_check_range (const struct cudajit_site *site,
                          const char *function, const void *p, size_t bytes,
                          bool gpu);

/* Where the BYTES at P lie, for cudajit_check_range and the checks like
   it, with the object that holds P in *INFO: in live memory that holds
   them all; in memory that the runtime does not know, or, on the GPU
   (GPU), that it freed but the driver may have given out again; in a
   handle of a stream, an event or a graph; in memory that was released; past
   the end of the memory that holds P.  */
enum cudajit_range
{
  CUDAJIT_RANGE_INSIDE,
  CUDAJIT_RANGE_UNKNOWN,
  CUDAJIT_RANGE_HANDLE,
  CUDAJIT_RANGE_RELEASED,
  CUDAJIT_RANGE_PAST_END
};
enum cudajit_range cudajit_classify_range (const void *p, size_t bytes,
                                           bool gpu,
                                           struct cudajit_object_info *info);

/* Whether HANDLE, given to FUNCTION, is a live object of KIND (a stream or
   an event; a null stream is the default one); if not, report it, for
   the launch at SITE if SITE is not null, and return false.
   On the GPU, handles that the registry does not know are left to the
   driver.  */
bool cudajit_check_handle (const struct cudajit_site *site,
                           const char *function, const void *handle,
                           enum cudajit_object_kind kind, bool gpu);

#endif /* objects.h */
