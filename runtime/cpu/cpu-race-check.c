/* SPDX-License-Identifier: MIT */
/* CUDAJIT_CHECK=races: data races in the kernels compiled with
   -fplugin-arg-cudajit-check-races, found on the CPU backend.

   The plugin makes each load and store of such a kernel, and of the
   device functions it calls, report itself to cudajit_race_access.  The
   launch runs its blocks one after another on the launching thread, each
   thread of a block as a fiber, so that the runtime knows at each access
   which thread makes it and how many barriers the thread has passed.
   Two accesses to a byte, one a write, race when no barrier orders them:
   they come from two threads of one block between the same two
   cuda_syncthreads (and, in one warp, the same two warp functions), or
   from two blocks between the same two cuda_grid_sync.  Atomics are
   calls, which the plugin does not report: they never race.

   Each word of memory touched keeps in a table its last write and the
   last two threads that read it since, as FastTrack and ThreadSanitizer
   keep a shadow of memory; shared memory is counted apart for each
   block, since the blocks, one after another, reuse it.  Keeping only
   so much, the check can miss a race, but what it reports is one.  */

#include "cpu-backend.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The accesses are kept by words of this many bytes; each access names
   the bytes of the word it touches.  */
#define WORD_BYTES 4

/* The races reported in full, each pair of lines once; the others are
   counted.  */
#define RACES_SHOWN 10

/* An access, by a thread between two barriers.  */
struct access
{
  /* The thread's number in the grid, plus 1; 0 for none.  */
  unsigned long long thread;
  /* The barriers its block had passed: cuda_syncthreads, warp functions
     of its warp, cuda_grid_sync.  */
  unsigned long long block_epoch;
  unsigned int warp_epoch, grid_epoch;
  /* The bytes of the word it touched, a bit each.  */
  unsigned char bytes;
  const char *where;
};

/* A word of memory, that of a block's shared memory with the block's
   number plus 1 as its SPACE, else 0.  */
struct shadow
{
  uintptr_t word;
  unsigned long long space;
  struct access write, read, other_read;
};

/* The pairs of lines that were reported.  */
struct reported
{
  const char *first, *second;
};

static struct
{
  /* The launch checked, or null.  */
  const struct job *job;
  unsigned int grid_epoch;
  /* The table of words, open-addressed, of CAPACITY entries, a power of
     two, USED of them used.  */
  struct shadow *table;
  size_t capacity, used;
  unsigned long long races;
  struct reported shown[RACES_SHOWN];
  unsigned int shown_count;
} check;

void
cudajit_race_begin (const struct job *job)
{
  check.job = job;
  check.grid_epoch = 0;
  check.races = 0;
  check.shown_count = 0;
  if (check.used)
    memset (check.table, 0, check.capacity * sizeof *check.table);
  check.used = 0;
}

void
cudajit_race_grid_synced (void)
{
  check.grid_epoch++;
}

static size_t
hash (uintptr_t word, unsigned long long space)
{
  unsigned long long h
      = (word ^ space * 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL;
  return (size_t) (h ^ h >> 32);
}

/* The entry of WORD in SPACE, made if there is none and MAKE; else
   null.  */
static struct shadow *
find_shadow (uintptr_t word, unsigned long long space, bool make)
{
  if (2 * (check.used + 1) > check.capacity)
    {
      struct shadow *old = check.table;
      size_t old_capacity = check.capacity;

      check.capacity = old_capacity ? 2 * old_capacity : 1 << 16;
      check.table = calloc (check.capacity, sizeof *check.table);
      if (!check.table)
        cudajit_fatal (&check.job->site,
                       "out of memory for the %zu words that CUDAJIT_CHECK="
                       "races follows",
                       check.used);
      check.used = 0;
      for (size_t i = 0; i < old_capacity; i++)
        if (old[i].write.thread || old[i].read.thread)
          *find_shadow (old[i].word, old[i].space, true) = old[i];
      free (old);
    }
  size_t mask = check.capacity - 1;
  for (size_t i = hash (word, space) & mask;; i = (i + 1) & mask)
    {
      struct shadow *s = &check.table[i];

      if (!s->write.thread && !s->read.thread)
        {
          if (!make)
            return NULL;
          s->word = word;
          s->space = space;
          check.used++;
          return s;
        }
      if (s->word == word && s->space == space)
        return s;
    }
}

/* Whether A and B, by two threads of the launch, may happen at once.  */
static bool
concurrent (const struct access *a, const struct access *b)
{
  unsigned long long threads = check.job->threads;

  if (a->thread == b->thread || a->grid_epoch != b->grid_epoch)
    return false;
  if ((a->thread - 1) / threads != (b->thread - 1) / threads)
    return true;
  if (a->block_epoch != b->block_epoch)
    return false;
  return (a->thread - 1) % threads / CUDAJIT_WARP_SIZE
             != (b->thread - 1) % threads / CUDAJIT_WARP_SIZE
         || a->warp_epoch == b->warp_epoch;
}

/* "thread (x, y, z) of block (x, y, z)" of A into BUFFER.  */
static const char *
describe_thread (char *buffer, size_t size, const struct access *a)
{
  const struct job *job = check.job;
  unsigned long long n = a->thread - 1, block = n / job->threads;
  unsigned int t = n % job->threads;

  snprintf (buffer, size, "thread (%u, %u, %u) of block (%llu, %llu, %llu)",
            t % job->block.x, t / job->block.x % job->block.y,
            t / job->block.x / job->block.y, block % job->grid.x,
            block / job->grid.x % job->grid.y,
            block / job->grid.x / job->grid.y);
  return buffer;
}

/* Count the race of EARLIER, which WRITTEN says is a write, and LATER,
   a write if WRITES, on memory that SHARED says is shared; and say so,
   for the first pairs of lines.  */
static void
report (const struct access *earlier, bool written, const struct access *later,
        bool writes, bool shared)
{
  char first[96], second[96];

  check.races++;
  for (unsigned int i = 0; i < check.shown_count; i++)
    if (strcmp (check.shown[i].first, earlier->where) == 0
        && strcmp (check.shown[i].second, later->where) == 0)
      return;
  if (check.shown_count == RACES_SHOWN)
    return;
  check.shown[check.shown_count++]
      = (struct reported){ earlier->where, later->where };
  bool one_block = (earlier->thread - 1) / check.job->threads
                   == (later->thread - 1) / check.job->threads;
  cudajit_report (
      CUDAJIT_ERROR_PREFIX, &check.job->site,
      "data race on %s memory: %s %s it at %s, and %s %s it at %s, with no "
      "%s between them",
      shared ? "shared" : "global",
      describe_thread (first, sizeof first, earlier),
      written ? "writes" : "reads", earlier->where,
      describe_thread (second, sizeof second, later),
      writes ? "writes" : "reads", later->where,
      one_block ? "cuda_syncthreads"
                : "cuda_grid_sync (the threads are of two blocks)");
}

/* Record in S the access A, a write if WRITES.  */
static void
record (struct shadow *s, const struct access *a, bool writes, bool shared)
{
  if ((s->write.bytes & a->bytes) && concurrent (&s->write, a))
    report (&s->write, true, a, writes, shared);
  else if (writes)
    for (struct access *r = &s->read; r <= &s->other_read; r++)
      if ((r->bytes & a->bytes) && concurrent (r, a))
        {
          report (r, false, a, true, shared);
          break;
        }
  if (writes)
    {
      s->write = *a;
      s->read.thread = s->other_read.thread = 0;
      s->read.bytes = s->other_read.bytes = 0;
    }
  else if (s->read.thread == a->thread)
    s->read = *a;
  else
    {
      s->other_read = s->read;
      s->read = *a;
    }
}

/* Whether START is in the shared memory of R's block: the kernel's, or a
   device function's array.  */
static bool
shared_p (const struct runner *r, uintptr_t start)
{
  if (start >= (uintptr_t) r->shared
      && start < (uintptr_t) r->shared + r->job->shared_bytes)
    return true;
  for (const struct block_array *a = r->arrays; a; a = a->next)
    if (start >= (uintptr_t) a->memory
        && start < (uintptr_t) a->memory + a->size)
      return true;
  return false;
}

void
cudajit_race_access (const void *address, unsigned int size_write,
                     const char *where)
{
  const struct runner *r = cudajit_cpu_current;
  uintptr_t start = (uintptr_t) address;
  size_t size = size_write >> CUDAJIT_RACE_SIZE_SHIFT;

  /* The locals of the thread, on its stack, are its own.  */
  if (!check.job || !r || r->job != check.job
      || (start >= (uintptr_t) r->stacks - r->stack_guard
          && start < (uintptr_t) r->stacks + r->stacks_bytes))
    return;
  const struct job *job = check.job;
  unsigned long long block
      = blockIdx.x
        + job->grid.x
              * (blockIdx.y + (unsigned long long) job->grid.y * blockIdx.z);
  bool shared = shared_p (r, start);
  struct access a = {
    .thread = block * job->threads + r->running + 1,
    .block_epoch = r->barriers_passed,
    .warp_epoch = r->warps[r->running / CUDAJIT_WARP_SIZE].passed,
    .grid_epoch = check.grid_epoch,
    .where = where,
  };

  for (uintptr_t word = start / WORD_BYTES;
       word <= (start + size - 1) / WORD_BYTES; word++)
    {
      uintptr_t from = word * WORD_BYTES, to = from + WORD_BYTES;

      if (from < start)
        from = start;
      if (to > start + size)
        to = start + size;
      a.bytes = ((1u << (to - from)) - 1) << (from % WORD_BYTES);
      record (find_shadow (word, shared ? block + 1 : 0, true), &a,
              size_write & CUDAJIT_RACE_WRITE, shared);
    }
}

void
cudajit_race_free (void *p)
{
  if (!check.job || !p)
    return;
  /* Its entries stay, that the table's probes pass, touching no byte.  */
  uintptr_t start = (uintptr_t) p;
  size_t size = malloc_usable_size (p);
  for (uintptr_t word = start / WORD_BYTES;
       word <= (start + size - 1) / WORD_BYTES; word++)
    {
      struct shadow *s = find_shadow (word, 0, false);
      if (s)
        s->write.bytes = s->read.bytes = s->other_read.bytes = 0;
    }
}

void
cudajit_race_end (void)
{
  const struct job *job = check.job;

  check.job = NULL;
  if (check.races)
    cudajit_error (&job->site,
                   "%llu data race%s found by CUDAJIT_CHECK=races (%u pair%s "
                   "of lines)",
                   check.races, check.races == 1 ? "" : "s", check.shown_count,
                   check.shown_count == 1 ? "" : "s");
}
