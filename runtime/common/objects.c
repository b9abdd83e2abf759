/* SPDX-License-Identifier: MIT */
/* What the runtime handed out: device, pinned, mapped and managed
   memory, streams and events, live or lately given back.  Both backends ask it
   before they use a pointer or a handle, so that they refuse the same misuses
   with the same messages: memory freed twice or through a pointer inside it, a
   copy past the end of an allocation, a destroyed stream.  On the CPU
   backend, where device memory is host memory, it is also what tells the
   two apart.

   What is given back stays known for a while, in a quarantine.  On the
   CPU backend its memory is not reused meanwhile, so that a later use is
   reported rather than reaching whatever took its place: its pages go
   back to the system but its addresses stay reserved, and reaching them
   faults.  On the GPU the driver may reuse the addresses at once; a new
   object then replaces what overlaps it.

   The CPU backend's memory is mapped from the system, each object with
   pages that no one may touch after it (cpu-host-memory.c).  The
   registry's own records are kept out of the heap too,
   in mappings of their own between guard pages, where a kernel that runs
   past a host array cannot reach them: they are what names its fault.  */

/* For the flags of mmap and pipe2.  */
#define _GNU_SOURCE

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>

/* The quarantine holds at most this many objects and this much address
   space.  */
#define QUARANTINE_OBJECTS 4096
#define QUARANTINE_SPACE ((size_t) 1 << 40)

struct object
{
  uintptr_t base;
  size_t size;
  enum cudajit_object_kind kind;
  /* The driver's identifier of GPU memory, 0 elsewhere.  */
  unsigned long long buffer_id;
  /* An event's CU_EVENT_* flags, 0 elsewhere.  */
  unsigned int flags;
  int gpu;
  bool released;
  /* Whether it is host memory of the CPU backend, from
     cudajit_host_allocate, which leaving the quarantine unmaps.  */
  enum cudajit_host_mapping mapping;
  /* Its place in the quarantine, while released.  */
  unsigned int slot;
  /* The memfd that holds its pages, plus 1, once cudajit_host_share has
     shared them; 0 before.  */
  int shared_fd;
  /* Its place in the tree of objects, a treap: smaller addresses to the
     left, larger ones to the right, and priorities no larger below.
     Unused records are linked by LEFT.  */
  struct object *left, *right;
  unsigned int priority;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Counts the releases, which make what a thread found valid stale.  */
static atomic_uint release_generation;

/* The last handle that this thread found valid as a KIND, at
   RELEASE_GENERATION GENERATION, so that launches on a stream need not
   take the lock.  */
static __thread struct
{
  const void *handle;
  enum cudajit_object_kind kind;
  unsigned int generation;
  int gpu;
} valid;

/* The objects, by address.  They do not overlap, so that comparing a byte
   with them finds the one that holds it.  */
static struct object *tree;

/* The records not in use, and the count of records in each mapping of
   them.  */
static struct object *unused_records;
#define RECORDS_PER_MAPPING 1024

/* The released objects, oldest first from OLDEST; an entry is null where
   its object was replaced.  */
static struct
{
  struct object *object[QUARANTINE_OBJECTS];
  unsigned int oldest, count;
  size_t space;
} quarantine;

/* A record for an object, zeroed.  */
static struct object *
new_record (void)
{
  if (!unused_records)
    {
      size_t page = sysconf (_SC_PAGESIZE);
      size_t bytes = (RECORDS_PER_MAPPING * sizeof (struct object) + page - 1)
                     & ~(page - 1);
      char *map = mmap (NULL, bytes + 2 * page, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      struct object *records = (struct object *) (map + page);

      if (map == MAP_FAILED
          || mprotect (records, bytes, PROT_READ | PROT_WRITE) != 0)
        cudajit_fatal (NULL, "out of memory for the runtime's records of "
                             "memory and handles");
      for (size_t i = 0; i < bytes / sizeof *records; i++)
        {
          records[i].left = unused_records;
          unused_records = &records[i];
        }
    }
  struct object *record = unused_records;

  unused_records = record->left;
  memset (record, 0, sizeof *record);
  return record;
}

static void
free_record (struct object *record)
{
  record->left = unused_records;
  unused_records = record;
}

/* The object that overlaps [BASE, BASE + SIZE), or null.  */
static struct object *
find (uintptr_t base, size_t size)
{
  struct object *t = tree;

  while (t && (base + size <= t->base || t->base + t->size <= base))
    t = base < t->base ? t->left : t->right;
  return t;
}

/* The treap of A, whose objects all lie before those of B, and B.  */
static struct object *
merge (struct object *a, struct object *b)
{
  if (!a || !b)
    return a ? a : b;
  if (a->priority >= b->priority)
    {
      a->right = merge (a->right, b);
      return a;
    }
  b->left = merge (a, b->left);
  return b;
}

/* Split T into the objects before BASE, *BEFORE, and the others.  */
static void
split (struct object *t, uintptr_t base, struct object **before,
       struct object **after)
{
  if (!t)
    *before = *after = NULL;
  else if (t->base < base)
    {
      split (t->right, base, &t->right, after);
      *before = t;
    }
  else
    {
      split (t->left, base, before, &t->left);
      *after = t;
    }
}

static void
insert (struct object *object)
{
  /* Random enough priorities keep the treap's depth near the logarithm
     of its size, whatever the order of the addresses.  */
  static unsigned int state = 2463534242u;
  struct object *before, *after;

  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  object->priority = state;
  split (tree, object->base, &before, &after);
  tree = merge (merge (before, object), after);
}

static void delete (struct object *object)
{
  struct object **link = &tree;

  while (*link != object)
    link = object->base < (*link)->base ? &(*link)->left : &(*link)->right;
  *link = merge (object->left, object->right);
}

/* Forget OBJECT, unmapping its host memory.  */
static void
forget (struct object *object)
{
  uintptr_t start, end;

  delete (object);
  cudajit_host_pages (object->base, object->size, &start, &end);
  if (object->released)
    {
      quarantine.object[object->slot] = NULL;
      if (object->mapping)
        quarantine.space -= end - start;
    }
  if (object->mapping)
    cudajit_host_free ((void *) object->base, object->size, object->mapping);
  if (object->shared_fd)
    close (object->shared_fd - 1);
  free_record (object);
}

int
cudajit_host_share (const void *p, size_t *offset)
{
  uintptr_t start, end;
  int fd = -1;

  pthread_mutex_lock (&lock);
  struct object *object = find ((uintptr_t) p, 1);
  if (!object || object->released || !object->mapping)
    errno = EINVAL;
  else
    {
      cudajit_host_pages (object->base, object->size, &start, &end);
      *offset = object->base - start;
      if (!object->shared_fd
          && (fd = cudajit_host_share_pages (start, end)) >= 0)
        object->shared_fd = fd + 1;
      fd = object->shared_fd - 1;
    }
  pthread_mutex_unlock (&lock);
  return fd;
}

void
cudajit_register_object (const void *base, size_t size,
                         enum cudajit_object_kind kind,
                         enum cudajit_host_mapping mapping,
                         unsigned long long buffer_id, unsigned int flags)
{
  struct object *object, *old;
  int gpu = cudajit_current_gpu_ordinal ();

  pthread_mutex_lock (&lock);
  while ((old = find ((uintptr_t) base, size ? size : 1)))
    forget (old);
  object = new_record ();
  object->base = (uintptr_t) base;
  object->size = size ? size : 1;
  object->kind = kind;
  object->buffer_id = buffer_id;
  object->flags = flags;
  object->gpu = gpu;
  object->mapping = mapping;
  insert (object);
  pthread_mutex_unlock (&lock);
}

/* What the registry knows of OBJECT, which may be null.  */
static struct cudajit_object_info
info_of (const struct object *object)
{
  if (!object)
    return (struct cudajit_object_info){ 0 };
  return (struct cudajit_object_info){ .known = true,
                                       .released = object->released,
                                       .kind = object->kind,
                                       .buffer_id = object->buffer_id,
                                       .flags = object->flags,
                                       .gpu = object->gpu,
                                       .base = (void *) object->base,
                                       .size = object->size };
}

struct cudajit_object_info
cudajit_find_object (const void *p)
{
  struct cudajit_object_info info;

  pthread_mutex_lock (&lock);
  info = info_of (find ((uintptr_t) p, 1));
  pthread_mutex_unlock (&lock);
  return info;
}

/* How many bytes past the end of OBJECT something stored, in the bytes
   that its alignment leaves before its guard; 0 if none, or OBJECT is not
   memory of the CPU backend.  The bytes are made as they were.  */
static size_t
restore_slack (const struct object *object)
{
  size_t past = 0;

  if (object->mapping && !object->released)
    {
      unsigned char *end = (unsigned char *) object->base + object->size;
      size_t slack = -(uintptr_t) end & (CUDAJIT_HOST_ALIGN - 1);

      for (size_t i = 0; i < slack; i++)
        if (end[i] != CUDAJIT_SLACK_FILL)
          {
            past = i + 1;
            end[i] = CUDAJIT_SLACK_FILL;
          }
    }
  return past;
}

unsigned int
cudajit_first_overwritten_slack (void *const *pointers, unsigned int count,
                                 size_t *past,
                                 struct cudajit_object_info *info)
{
  unsigned int i;

  *past = 0;
  /* Once for all the pointers: a launch of small kernels in a loop would
     otherwise take the lock once for each of its arrays.  */
  pthread_mutex_lock (&lock);
  for (i = 0; i < count; i++)
    {
      struct object *object
          = pointers[i] ? find ((uintptr_t) pointers[i], 1) : NULL;

      if (object && (*past = restore_slack (object)))
        {
          *info = info_of (object);
          break;
        }
    }
  pthread_mutex_unlock (&lock);
  return i;
}

/* Make room in the quarantine for an object that holds SPACE of address
   space.  */
static void
make_room (size_t space)
{
  while (quarantine.count
         && (quarantine.count == QUARANTINE_OBJECTS
             || quarantine.space + space > QUARANTINE_SPACE))
    {
      struct object *oldest = quarantine.object[quarantine.oldest];

      quarantine.oldest = (quarantine.oldest + 1) % QUARANTINE_OBJECTS;
      quarantine.count--;
      if (oldest)
        forget (oldest);
    }
}

bool
cudajit_release_object (const void *p, enum cudajit_object_kind kind)
{
  struct object *object;
  uintptr_t start, end;

  pthread_mutex_lock (&lock);
  object = find ((uintptr_t) p, 1);
  if (!object || object->released || object->kind != kind
      || object->base != (uintptr_t) p)
    {
      pthread_mutex_unlock (&lock);
      return false;
    }
  atomic_fetch_add_explicit (&release_generation, 1, memory_order_release);
  cudajit_host_pages (object->base, object->size, &start, &end);
  make_room (object->mapping ? end - start : 0);
  /* The pages go back to the system; the addresses stay reserved, and
     reaching them faults.  */
  if (object->mapping)
    mmap ((void *) start, end - start, PROT_NONE,
          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  object->released = true;
  object->slot = (quarantine.oldest + quarantine.count++) % QUARANTINE_OBJECTS;
  quarantine.object[object->slot] = object;
  if (object->mapping)
    quarantine.space += end - start;
  pthread_mutex_unlock (&lock);
  return true;
}

bool
cudajit_forget_object (const void *p, enum cudajit_object_kind kind)
{
  struct object *object;

  pthread_mutex_lock (&lock);
  object = find ((uintptr_t) p, 1);
  bool live = object && !object->released && object->kind == kind
              && object->base == (uintptr_t) p;
  if (live)
    {
      atomic_fetch_add_explicit (&release_generation, 1, memory_order_release);
      forget (object);
    }
  pthread_mutex_unlock (&lock);
  return live;
}

bool
cudajit_pinned_range_p (const void *p, size_t bytes)
{
  struct cudajit_object_info info;

  return cudajit_classify_range (p, bytes, false, &info)
             == CUDAJIT_RANGE_INSIDE
         && (info.kind == CUDAJIT_PINNED_MEMORY
             || info.kind == CUDAJIT_PINNED_BY_PROGRAM);
}

const struct cudajit_object_kind_name cudajit_object_kinds[] = {
  [CUDAJIT_DEVICE_MEMORY]
  = { "device memory from cuda_device_array or cuda_to_device",
      "freed by cuda_free" },
  [CUDAJIT_PINNED_MEMORY]
  = { "pinned memory from cuda_pinned_array", "freed by cuda_free_pinned" },
  [CUDAJIT_MAPPED_MEMORY]
  = { "mapped memory from cuda_mapped_array", "freed by cuda_free_mapped" },
  [CUDAJIT_MANAGED_MEMORY]
  = { "managed memory from cuda_managed_array", "freed by cuda_free_managed" },
  [CUDAJIT_PINNED_BY_PROGRAM]
  = { "host memory pinned by cuda_pin", "unpinned by cuda_unpin" },
  [CUDAJIT_IPC_MEMORY]
  = { "another process's device memory from cuda_ipc_open",
      "closed by cuda_ipc_close" },
  [CUDAJIT_POOL_MEMORY] = { "device memory from cuda_device_array_async",
                            "freed by cuda_free_async" },
  [CUDAJIT_STREAM]
  = { "a stream from cuda_stream", "destroyed by cuda_stream_destroy" },
  [CUDAJIT_EVENT]
  = { "an event from cuda_event", "destroyed by cuda_event_destroy" },
  [CUDAJIT_GRAPH] = { "a graph from cuda_graph_capture_end",
                      "destroyed by cuda_graph_destroy" },
};

void
cudajit_report_object (const struct cudajit_site *site, const char *function,
                       const void *p, enum cudajit_object_kind kind)
{
  struct cudajit_object_info info = cudajit_find_object (p);

  if (!info.known)
    cudajit_error (site, "%s: %p is not %s", function, p,
                   cudajit_object_kinds[kind].what);
  else if (info.kind != kind)
    cudajit_error (site, "%s: %p is %s%s, not %s", function, p,
                   info.base == p ? "" : "inside ",
                   cudajit_object_kinds[info.kind].what,
                   cudajit_object_kinds[kind].what);
  else if (info.released)
    cudajit_error (site, "%s: %p is %s that was %s", function, p,
                   cudajit_object_kinds[kind].what,
                   cudajit_object_kinds[kind].ended);
  else
    cudajit_error (site,
                   "%s: %p is %zu bytes into the %zu bytes of %s at %p, not "
                   "at their start",
                   function, p,
                   (size_t) ((uintptr_t) p - (uintptr_t) info.base), info.size,
                   cudajit_object_kinds[kind].what, info.base);
}

enum cudajit_range
cudajit_classify_range (const void *p, size_t bytes, bool gpu,
                        struct cudajit_object_info *info)
{
  *info = cudajit_find_object (p);
  /* The GPU may know memory that the runtime did not allocate, from
     cudaMalloc, or managed memory, maybe where it freed some.  */
  if (!info->known
      || (gpu && info->released && !cudajit_gpu_freed_p (info, p)))
    return CUDAJIT_RANGE_UNKNOWN;
  if (cudajit_handle_kind_p (info->kind))
    return CUDAJIT_RANGE_HANDLE;
  if (info->released)
    return CUDAJIT_RANGE_RELEASED;
  if (bytes > info->size - ((uintptr_t) p - (uintptr_t) info->base))
    return CUDAJIT_RANGE_PAST_END;
  return CUDAJIT_RANGE_INSIDE;
}

bool
cudajit_check_range (const struct cudajit_site *site, const char *function,
                     const void *p, size_t bytes, bool gpu)
{
  struct cudajit_object_info info;
  enum cudajit_range range = cudajit_classify_range (p, bytes, gpu, &info);

  switch (range)
    {
    case CUDAJIT_RANGE_INSIDE:
      return true;
    case CUDAJIT_RANGE_UNKNOWN:
      if (gpu)
        return true;
      cudajit_error (site, "%s: the %zu bytes at %p are not %s", function,
                     bytes, p,
                     cudajit_object_kinds[CUDAJIT_DEVICE_MEMORY].what);
      break;
    case CUDAJIT_RANGE_HANDLE:
      cudajit_error (site, "%s: the %zu bytes at %p are in %s", function,
                     bytes, p, cudajit_object_kinds[info.kind].what);
      break;
    case CUDAJIT_RANGE_RELEASED:
      cudajit_error (site, "%s: the %zu bytes at %p are in %s that was %s",
                     function, bytes, p, cudajit_object_kinds[info.kind].what,
                     cudajit_object_kinds[info.kind].ended);
      break;
    case CUDAJIT_RANGE_PAST_END:
      cudajit_error (
          site,
          "%s: the %zu bytes at %p run %zu bytes past the end of "
          "the %zu bytes of %s at %p",
          function, bytes, p,
          bytes - (info.size - ((uintptr_t) p - (uintptr_t) info.base)),
          info.size, cudajit_object_kinds[info.kind].what, info.base);
      break;
    }
  return false;
}

/* cudajit_check_handle for a handle other than the last one found valid,
   at release GENERATION.  */
static __attribute__ ((noinline)) bool
check_new_handle (const struct cudajit_site *site, const char *function,
                  const void *handle, enum cudajit_object_kind kind, bool gpu,
                  unsigned int generation)
{
  struct cudajit_object_info info = cudajit_find_object (handle);
  bool live = info.known && info.base == handle && info.kind == kind
              && !info.released;
  int current = cudajit_current_gpu_ordinal ();

  /* The driver would answer with an invalid handle, or queue the work
     behind another GPU's.  */
  if (live && info.gpu != current)
    {
      cudajit_error (site,
                     "%s: %s %p was made on GPU %d, but the calling thread "
                     "uses GPU %d; cuda_select_device (%d) before using it",
                     function, cudajit_object_kinds[kind].what, handle,
                     info.gpu, current, info.gpu);
      return false;
    }
  /* On the GPU, the CUDA runtime's streams and events are the driver's
     too.  */
  if (live || (handle && !info.known && gpu))
    {
      valid.handle = handle;
      valid.kind = kind;
      valid.generation = generation;
      valid.gpu = current;
      return true;
    }
  if (!handle)
    cudajit_error (site, "%s: the event is null", function);
  else
    cudajit_report_object (site, function, handle, kind);
  return false;
}

bool
cudajit_check_handle (const struct cudajit_site *site, const char *function,
                      const void *handle, enum cudajit_object_kind kind,
                      bool gpu)
{
  unsigned int generation
      = atomic_load_explicit (&release_generation, memory_order_acquire);

  /* Null is the default stream.  */
  if ((!handle && kind == CUDAJIT_STREAM)
      || (handle == valid.handle && kind == valid.kind
          && generation == valid.generation
          && valid.gpu == cudajit_current_gpu_ordinal ()))
    return true;
  return check_new_handle (site, function, handle, kind, gpu, generation);
}

/* Whether the host can read the byte at P.  The driver releases the
   addresses of the GPU memory that it frees, and the host's heap may take
   them: memory that the driver does not know there, but the host reads,
   is the program's own.  Writing the byte to a pipe fails where a read
   would fault, without the fault (process_vm_readv would too, but
   containers often forbid it).  */
static bool
host_readable_p (const void *p)
{
  int pipe_ends[2];
  if (pipe2 (pipe_ends, O_CLOEXEC) != 0)
    return false;
  bool readable = write (pipe_ends[1], p, 1) == 1;
  close (pipe_ends[0]);
  close (pipe_ends[1]);
  return readable;
}

bool
cudajit_gpu_freed_p (const struct cudajit_object_info *info, const void *p)
{
  unsigned long long id = cudajit_buffer_id (p);

  return id == info->buffer_id || (id == 0 && !host_readable_p (p));
}
