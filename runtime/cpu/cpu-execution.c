/* SPDX-License-Identifier: MIT */
/* The CPU backend: kernels run on the host.

   A launch spreads the grid's blocks over a pool of threads, the launching
   thread included.  Most kernels' C versions run a whole block, in loops
   over its threads that the plugin made (block-function.cc), cut at the
   barriers where the threads wait for each other.  The others run a
   thread at a time: the pool thread runs the threads of a block one after
   another, setting the built-in variables for each, which the kernel's C
   version reads like the CUDA version reads CUDA's.  A kernel that may
   reach cuda_syncthreads or a warp function so needs all the threads of a
   block alive at once, each waiting there for others: the pool thread
   then runs them as fibers, each on a stack of its own, switching from
   one to the next where one waits.  One that may reach cuda_grid_sync
   needs all the threads of the grid so: the launching thread alone runs
   them all as fibers.  */

/* For MAP_ANONYMOUS, MAP_NORESERVE and MAP_STACK.  */
#define _DEFAULT_SOURCE

#include "cpu-backend.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Valgrind takes a switch to a stack that it does not know of for a huge
   frame on the stack that was in use, unless told of the stack.  */
#ifdef __has_include
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef VALGRIND_STACK_REGISTER
#define VALGRIND_STACK_REGISTER(start, end) 0
#define VALGRIND_STACK_DEREGISTER(id)
#endif

/* The stack of a fiber, CUDAJIT_FIBER_STACK bytes, where the C version of
   a kernel keeps its local arrays too, follows a guard page that ends a
   thread that overflows it in a fault.  Only the pages used take memory,
   but a guard page takes two of the mappings that Linux allows a process
   (vm.max_map_count, 65530 by default), and a block may have 1024 threads
   on each of hundreds of pool threads: so only this many stacks have one,
   and the rest rely on a canary.  */
#define GUARDED_FIBERS 8192

/* The stacks that have a guard page, in all runners.  */
static atomic_uint guarded_fibers;

/* Written at the bottom of each stack, which a thread that overflows its
   stack is likely to overwrite on its way into the stack below.  */
#define STACK_CANARY 0x6375646a69747374ULL

/* The threads that run a launch's blocks: the pool's workers and the
   launching thread.  */
static struct
{
  /* The most workers a launch takes, from CUDAJIT_CPU_THREADS.  */
  unsigned int limit;
  /* Whether CUDAJIT_CPU_THREADS was read, in this process.  */
  bool configured;
  /* A runner for each thread of a launch, by its number in
     cudajit_pool_run, 0 being the launching thread's: runners keep their
     fibers' stacks from launch to launch, and those of host threads that
     launch and end are not left behind.  */
  struct runner *runners;
} cpu_threads;

/* Whether a launch has said that kernels compiled without optimization
   run slowly here: once a process is enough.  Under launch_lock.  */
static bool told_unoptimized;

/* Whether each thread runs the kernel as written rather than the loops
   of the block function: with CUDAJIT_CPU_AS_WRITTEN, which tells a
   fault of those loops from one of the kernel, or where a debugger traced
   the process at its first launch here, for gdb to find the kernel by
   its name and read the thread in threadIdx, which the loops keep in
   registers that no variable names.  */
static bool as_written;

/* The line of /proc/self/status that names the process's tracer, 0 for
   none.  */
static const char tracer_field[] = "TracerPid:";

/* Whether a debugger (or strace) traces the process.  */
static bool
traced_p (void)
{
  FILE *status = fopen ("/proc/self/status", "r");
  char line[256];
  bool traced = false;

  if (!status)
    return false;
  while (fgets (line, sizeof line, status))
    if (strncmp (line, tracer_field, sizeof tracer_field - 1) == 0)
      {
        traced = strtol (line + sizeof tracer_field - 1, NULL, 10) != 0;
        break;
      }
  fclose (status);
  return traced;
}

/* How many times each thread of a launch takes blocks, about.  */
#define CHUNKS_PER_THREAD 16

/* How many times each thread of a launch of a small grid takes blocks,
   about, and the largest chunk that this makes.  */
#define SMALL_GRID_TAKES 1
#define SMALL_GRID_CHUNK 8

/* One launch at a time runs, and uses the runners.  */
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* Set blockIdx to block number NUMBER of JOB.  */
static void
set_block_index (const struct job *job, unsigned long long number)
{
  blockIdx.x = number % job->grid.x;
  blockIdx.y = number / job->grid.x % job->grid.y;
  blockIdx.z = number / job->grid.x / job->grid.y;
}

/* Run the threads of the block in blockIdx of JOB one after another,
   with a host entry that runs one thread.  */
static void
run_threads (const struct job *job)
{
  void (*host_entry) (void **args) = job->kernel->host_entry;
  cuda_uint3 *thread = &threadIdx;

  for (unsigned int z = 0; z < job->block.z; z++)
    for (unsigned int y = 0; y < job->block.y; y++)
      for (unsigned int x = 0; x < job->block.x; x++)
        {
          *thread = (cuda_uint3){ x, y, z };
          host_entry (job->args);
        }
}

/* What a fiber runs; then it goes back to the scheduler, which does not
   resume it.  */
static void
fiber_main (void)
{
  struct runner *r = cudajit_cpu_current;

  cudajit_fiber_entered ();
  r->job->kernel->host_entry (r->job->args);
  cudajit_fiber_exit (&r->fibers[r->running].context, &r->scheduler);
}

/* The size of a page, and of the slot of a fiber's stack: a page below
   it, then the stack.  */
static size_t page_size;
#define STACK_SLOT (page_size + CUDAJIT_FIBER_STACK)

/* The bottom of the stack of fiber I of R.  */
static char *
stack_of (const struct runner *r, unsigned int i)
{
  return r->stacks + (size_t) i * STACK_SLOT;
}

/* Unmap the stacks of R's fibers.  */
static void
unmap_stacks (struct runner *r)
{
  for (unsigned int i = 0; i < r->capacity; i++)
    VALGRIND_STACK_DEREGISTER (r->fibers[i].stack_id);
  munmap (r->stacks - page_size, (size_t) r->capacity * STACK_SLOT);
  if (r->guarded)
    atomic_fetch_sub (&guarded_fibers, r->capacity);
}

/* Map stacks for the fibers of a block of R->job, whose threads are more
   than R has: the first page is always a guard page, the others where
   the budget allows them.  */
static void
map_stacks (struct runner *r)
{
  const struct job *job = r->job;
  unsigned int threads = job->threads;
  char *map;

  if (r->stacks)
    unmap_stacks (r);
  r->capacity = 0;
  map = mmap (NULL, threads * STACK_SLOT, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (map == MAP_FAILED || mprotect (map, page_size, PROT_NONE) != 0)
    cudajit_fatal (&job->site,
                   "cannot map the stacks of a block of %u threads on the "
                   "CPU backend: %s",
                   threads, strerror (errno));
  r->stacks = map + page_size;
  r->stack_guard = page_size;
  r->stacks_bytes = threads * STACK_SLOT - page_size;
  r->guarded = atomic_fetch_add (&guarded_fibers, threads) + threads
               <= GUARDED_FIBERS;
  if (!r->guarded)
    atomic_fetch_sub (&guarded_fibers, threads);
  for (unsigned int i = 1; i < threads && r->guarded; i++)
    if (mprotect (stack_of (r, i) - page_size, page_size, PROT_NONE) != 0)
      cudajit_fatal (&job->site,
                     "cannot make the guard pages of a block of %u threads "
                     "on the CPU backend: %s",
                     threads, strerror (errno));
  r->capacity = threads;
}

/* Make R ready to run the blocks of R->job as fibers.  */
static void
prepare_fibers (struct runner *r)
{
  const struct job *job = r->job;
  cuda_dim3 block = job->block;

  if (job->threads > r->capacity)
    {
      map_stacks (r);
      r->fibers
          = cudajit_xrealloc (r->fibers, r->capacity * sizeof *r->fibers);
      r->warps = cudajit_xrealloc (r->warps,
                                   (r->capacity + CUDAJIT_WARP_SIZE - 1)
                                       / CUDAJIT_WARP_SIZE * sizeof *r->warps);
      for (unsigned int i = 0; i < r->capacity; i++)
        {
          char *stack = stack_of (r, i);

          *(unsigned long long *) stack = STACK_CANARY;
          r->fibers[i].stack_id
              = VALGRIND_STACK_REGISTER (stack, stack + CUDAJIT_FIBER_STACK);
        }
    }
  for (unsigned int i = 0; i < job->threads; i++)
    r->fibers[i].index = (cuda_uint3){ i % block.x, i / block.x % block.y,
                                       i / block.x / block.y };
}

/* The lanes of warp NUMBER of R that exist.  */
static unsigned int
existing_lanes (const struct runner *r, unsigned int number)
{
  unsigned int lanes = r->job->threads - number * CUDAJIT_WARP_SIZE;

  return lanes >= CUDAJIT_WARP_SIZE ? ~0u : (1u << lanes) - 1;
}

/* Under CUDAJIT_CHECK=warps, record what lane LANE of warp NUMBER of R,
   one of GROUP, which have come with its MASK, does that CUDA leaves
   undefined: a mask without the lane itself, or a shuffle from a lane
   outside the mask or that does not run.  */
static void
check_lane (struct runner *r, unsigned int number, unsigned int lane,
            unsigned int group, unsigned int mask)
{
  const struct fiber *f = &r->fibers[number * CUDAJIT_WARP_SIZE + lane];
  const struct warp_request *q = &f->request;
  unsigned int thread = number * CUDAJIT_WARP_SIZE + lane;
  long long source = q->source;

  if (!(mask >> lane & 1))
    cudajit_warp_violation (r, thread, q->function, f->where,
                            "gives the mask %#010x, which leaves out the "
                            "lane itself: CUDA requires it",
                            mask);
  else if (q->match || source < 0 || source >= CUDAJIT_WARP_SIZE
           || (group >> source & 1))
    return;
  else if (!(mask >> source & 1))
    cudajit_warp_violation (r, thread, q->function, f->where,
                            "reads lane %lld, which its mask %#010x leaves "
                            "out: CUDA leaves the value undefined",
                            source, mask);
  else
    cudajit_warp_violation (r, thread, q->function, f->where,
                            "reads lane %lld, which %s: CUDA leaves the "
                            "value undefined",
                            source,
                            existing_lanes (r, number) >> source & 1
                                ? "has returned"
                                : "the block does not have");
}

/* Give each lane of GROUP, of warp NUMBER of R, which wait with MASK,
   what it asked for, and let it go on.  A shuffle from a lane that is
   not of GROUP gives the lane its own value.  */
static void
serve (struct runner *r, unsigned int number, unsigned int group,
       unsigned int mask)
{
  struct fiber *lanes = &r->fibers[number * CUDAJIT_WARP_SIZE];

  for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
    if (group >> lane & 1)
      {
        struct fiber *f = &lanes[lane];
        const struct warp_request *q = &f->request;
        long long source = q->source;

        if (r->job->warps)
          check_lane (r, number, lane, group, mask);
        f->present = mask & group;
        if (q->match)
          {
            f->result = 0;
            for (unsigned int other = 0; other < CUDAJIT_WARP_SIZE; other++)
              if ((f->present >> other & 1)
                  && lanes[other].request.value == q->wanted)
                f->result |= 1u << other;
          }
        else if (source >= 0 && source < CUDAJIT_WARP_SIZE
                 && (group >> source & 1))
          f->result = lanes[source].request.value;
        else
          f->result = q->value;
        f->state = FIBER_READY;
      }
}

/* Lanes that wait with different masks at once are served apart, a
   mask's lanes once all of them wait with it, as a GPU's warp function
   waits for the lanes of its mask to call one with the same mask.  */
void
cudajit_release_warp (struct runner *r, unsigned int number)
{
  struct warp *w = &r->warps[number];
  const struct fiber *lanes = &r->fibers[number * CUDAJIT_WARP_SIZE];
  unsigned int pending = w->arrived;

  while (pending)
    {
      unsigned int mask = lanes[__builtin_ctz (pending)].request.mask;
      unsigned int group = 0;

      for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
        if ((pending >> lane & 1) && lanes[lane].request.mask == mask)
          group |= 1u << lane;
      pending &= ~group;
      if (mask & w->running & ~group)
        continue;
      serve (r, number, group, mask);
      w->arrived &= ~group;
      w->passed++;
    }
}

/* Whether fiber A's position comes before B's: the first number where
   they differ is smaller, or A's is the shorter.  */
static bool
earlier_p (const struct fiber *a, const struct fiber *b)
{
  unsigned int length = a->length < b->length ? a->length : b->length;

  if (length > WARP_POSITION_MAX)
    length = WARP_POSITION_MAX;
  for (unsigned int i = 0; i < length; i++)
    if (a->position[i] != b->position[i])
      return a->position[i] < b->position[i];
  return a->length < b->length && a->length < WARP_POSITION_MAX;
}

/* A GPU runs the lanes of a warp that took a branch together, then
   those of the other, until their paths meet again; a lane that is past
   the meeting point waits there for those still behind it.  The lanes
   in cuda_activemask at the earliest position are such a set: the
   others are past them in the code, or in a branch that they did not
   take.  */
void
cudajit_converge_warp (struct runner *r, unsigned int number)
{
  struct warp *w = &r->warps[number];
  struct fiber *lanes = &r->fibers[number * CUDAJIT_WARP_SIZE];
  unsigned int first = CUDAJIT_WARP_SIZE, group = 0;

  if (!w->converging)
    return;
  for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
    if ((w->running >> lane & 1) && lanes[lane].state == FIBER_READY)
      return;
  for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
    if ((w->converging >> lane & 1)
        && (first == CUDAJIT_WARP_SIZE
            || earlier_p (&lanes[lane], &lanes[first])))
      first = lane;
  for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
    if ((w->converging >> lane & 1)
        && !earlier_p (&lanes[first], &lanes[lane]))
      group |= 1u << lane;
  for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
    if (group >> lane & 1)
      {
        lanes[lane].result = group;
        lanes[lane].state = FIBER_READY;
      }
  w->converging &= ~group;
}

/* Start the threads of a block of R->job as fibers.  */
static void
start_block_fibers (struct runner *r)
{
  const struct job *job = r->job;

  r->barrier_count = 0;
  r->barriers_passed = 0;
  r->live = job->threads;
  for (unsigned int i = 0; i < job->threads; i++)
    {
      struct fiber *f = &r->fibers[i];

      /* Stacks whose tops are a power of two apart would put the frames
         that all the fibers use in the same few sets of the L1 cache;
         lowering each top by a few cache lines spreads them.  */
      cudajit_fiber_start (&f->context, stack_of (r, i),
                           CUDAJIT_FIBER_STACK - i % 64 * 64, fiber_main);
      f->state = FIBER_READY;
      f->depth = f->length = 0;
      f->where = NULL;
    }
  for (unsigned int first = 0; first < job->threads;
       first += CUDAJIT_WARP_SIZE)
    {
      unsigned int lanes = job->threads - first;

      r->warps[first / CUDAJIT_WARP_SIZE] = (struct warp){
        .running = lanes >= CUDAJIT_WARP_SIZE ? ~0u : (1u << lanes) - 1
      };
    }
}

/* Room enough for what describe_wait and explain_deadlock write.  */
#define WAIT_BYTES 256
#define DEADLOCK_WHY_BYTES (3 * WAIT_BYTES)

/* In WHY, of SIZE bytes, what fiber F of R does, where it waits.  */
static void
describe_wait (const struct fiber *f, char *why, size_t size)
{
  if (f->state == FIBER_AT_BARRIER)
    snprintf (why, size, "waits at cuda_syncthreads");
  else
    snprintf (why, size, "waits in %s%s%s with the mask %#010x",
              f->request.function, f->where ? " at " : "",
              f->where ? f->where : "", f->request.mask);
}

/* In WHY, of SIZE bytes, why the threads of R's block, of which none
   can go on and none waits at cuda_grid_sync, wait for each other
   forever: a lane in a warp function whose mask names a lane that waits
   elsewhere, at cuda_syncthreads or with another mask.  */
static void
explain_deadlock (const struct runner *r, char *why, size_t size)
{
  for (unsigned int i = 0; i < r->job->threads; i++)
    {
      const struct fiber *f = &r->fibers[i];
      const struct warp *w = &r->warps[i / CUDAJIT_WARP_SIZE];
      const struct fiber *lanes = f - i % CUDAJIT_WARP_SIZE;
      unsigned int missing = f->request.mask & w->running;

      if (f->state != FIBER_AT_WARP)
        continue;
      for (unsigned int lane = 0; lane < CUDAJIT_WARP_SIZE; lane++)
        if (lanes[lane].state == FIBER_AT_WARP
            && lanes[lane].request.mask == f->request.mask)
          missing &= ~(1u << lane);
      if (!missing)
        continue;
      const struct fiber *other = &lanes[__builtin_ctz (missing)];
      char waiting[WAIT_BYTES], named[WAIT_BYTES];

      describe_wait (f, waiting, sizeof waiting);
      describe_wait (other, named, sizeof named);
      snprintf (why, size,
                "thread (%u, %u, %u) %s, which names thread (%u, %u, %u), "
                "which %s",
                f->index.x, f->index.y, f->index.z, waiting, other->index.x,
                other->index.y, other->index.z, named);
      return;
    }
  snprintf (why, size,
            "a warp function's mask names threads that wait "
            "elsewhere");
}

/* Run the fibers of the block in blockIdx of R->job until each has
   returned or waits at cuda_grid_sync; whether some wait there.  Each
   pass runs every thread that can go on until it waits or returns.  A
   warp's threads go on when the last of them arrives or returns, the
   block's when all that have not returned wait at cuda_syncthreads.  */
static bool
resume_block_fibers (struct runner *r)
{
  const struct job *job = r->job;
  unsigned int at_barrier = 0, at_grid_barrier = 0;

  while (r->live > at_grid_barrier)
    {
      bool ran = false;

      for (unsigned int i = 0; i < job->threads; i++)
        {
          struct fiber *f = &r->fibers[i];

          if (f->state == FIBER_SPINNING)
            f->state = FIBER_READY;
          else if (f->state != FIBER_READY)
            continue;
          ran = true;
          threadIdx = f->index;
          r->running = i;
          cudajit_fiber_switch (&r->scheduler, &f->context);
          if (*(unsigned long long *) stack_of (r, i) != STACK_CANARY)
            cudajit_fatal (&job->site,
                           CUDAJIT_FAULT_OVERFLOW
                           " in block (%u, %u, %u) thread (%u, %u, %u)",
                           blockIdx.x, blockIdx.y, blockIdx.z, f->index.x,
                           f->index.y, f->index.z);
          if (f->state == FIBER_AT_BARRIER)
            at_barrier++;
          else if (f->state == FIBER_AT_GRID_BARRIER)
            at_grid_barrier++;
          else if (f->state == FIBER_READY)
            {
              f->state = FIBER_DONE;
              r->live--;
              r->warps[i / CUDAJIT_WARP_SIZE].running
                  &= ~(1u << i % CUDAJIT_WARP_SIZE);
              cudajit_release_warp (r, i / CUDAJIT_WARP_SIZE);
            }
          cudajit_converge_warp (r, i / CUDAJIT_WARP_SIZE);
        }
      if (at_barrier && at_barrier == r->live)
        {
          r->passed_count = r->barrier_count;
          r->passed_arrived = at_barrier;
          r->barrier_count = 0;
          r->barriers_passed++;
          for (unsigned int i = 0; i < job->threads; i++)
            if (r->fibers[i].state == FIBER_AT_BARRIER)
              r->fibers[i].state = FIBER_READY;
          at_barrier = 0;
        }
      else if (!ran && r->live > at_grid_barrier)
        {
          char why[DEADLOCK_WHY_BYTES];

          if (at_grid_barrier)
            snprintf (why, sizeof why,
                      "some wait at cuda_grid_sync, others at "
                      "cuda_syncthreads or a warp function");
          else
            explain_deadlock (r, why, sizeof why);
          cudajit_fatal (&job->site,
                         "the threads of block (%u, %u, %u) wait for each "
                         "other forever on the CPU backend: %s",
                         blockIdx.x, blockIdx.y, blockIdx.z, why);
        }
    }
  return at_grid_barrier > 0;
}

/* Run the threads of the block in blockIdx of R->job as fibers.  */
static void
run_block_fibers (struct runner *r)
{
  start_block_fibers (r);
  resume_block_fibers (r);
}

/* Blocks FIRST to END - 1 of a job.  */
struct blocks
{
  unsigned long long first, end;
};

/* Take into *TAKEN the next JOB->chunk blocks of JOB that no thread has
   taken yet, or those left; false if none is.  */
static bool
take_blocks (struct job *job, struct blocks *taken)
{
  /* A load leaves the count shared in the caches of those that read it:
     once all is taken, the threads that come late or come back do not
     each take the line away from the others to learn it.  */
  if (atomic_load_explicit (&job->next, memory_order_relaxed) >= job->blocks)
    return false;
  taken->first = atomic_fetch_add_explicit (&job->next, job->chunk,
                                            memory_order_relaxed);
  if (taken->first >= job->blocks)
    return false;
  taken->end = job->blocks - taken->first < job->chunk
                   ? job->blocks
                   : taken->first + job->chunk;
  return true;
}

/* Run the blocks TAKEN of JOB with R, and others until none is left,
   with a host entry that runs a whole block.  It cannot say which thread
   faults: on a fault, the block runs again with the kernel for one thread
   at a time, as fibers if its threads wait for each other, whose fault
   names the thread.  */
static void
call_block_entry (struct job *job, struct runner *r, struct blocks taken)
{
  do
    for (unsigned long long number = taken.first; number < taken.end; number++)
      {
        set_block_index (job, number);
        job->kernel->host_entry (job->args);
        if (r->wmma_stored)
          cudajit_check_wmma_warps (r);
      }
  while (take_blocks (job, &taken));
}

static void
run_whole_blocks (struct job *job, struct runner *r, struct blocks taken)
{
  sigjmp_buf rerun;

  if (sigsetjmp (rerun, 0))
    {
      /* The block that faulted is the one in blockIdx.  */
      cudajit_one_thread = 1;
      if (job->kernel->barrier && job->threads > 1)
        {
          prepare_fibers (r);
          r->as_fibers = true;
          run_block_fibers (r);
        }
      else
        run_threads (job);
      cudajit_fault_not_again ();
    }
  cudajit_fault_rerun_point (&rerun);
  call_block_entry (job, r, taken);
  cudajit_fault_rerun_point (NULL);
}

/* Make R's shared memory as large as a block of R->job needs.  */
static void
reserve_shared (struct runner *r)
{
  const struct job *job = r->job;

  if (job->shared_bytes <= r->shared_size)
    return;
  free (r->shared);
  r->shared = aligned_alloc (CUDAJIT_SHARED_MAX_ALIGN,
                             (job->shared_bytes + CUDAJIT_SHARED_MAX_ALIGN - 1)
                                 & ~(size_t) (CUDAJIT_SHARED_MAX_ALIGN - 1));
  if (!r->shared)
    cudajit_fatal (&job->site,
                   "out of memory allocating %zu bytes of shared memory",
                   job->shared_bytes);
  r->shared_size = job->shared_bytes;
}

/* The runners of the blocks of a grid that waits at cuda_grid_sync, one
   for each, which keep their fibers' stacks from launch to launch;
   launch_lock guards them.  */
static struct
{
  struct runner *runners;
  unsigned long long count;
} grid_runners;

/* Run the threads of all the blocks of JOB, whose kernel may wait at
   cuda_grid_sync, as fibers of the calling thread: each block runs until
   each of its threads has returned or waits there, and once every block
   waits there, all go on.  A block that returns while others wait would
   leave them waiting forever, as it would hang a GPU.  */
static void
run_grid_fibers (struct job *job)
{
  unsigned long long blocks = job->blocks;

  if (blocks > grid_runners.count)
    {
      grid_runners.runners = cudajit_xrealloc (
          grid_runners.runners, blocks * sizeof *grid_runners.runners);
      memset (&grid_runners.runners[grid_runners.count], 0,
              (blocks - grid_runners.count) * sizeof *grid_runners.runners);
      grid_runners.count = blocks;
    }
  gridDim = job->grid;
  blockDim = job->block;
  cudajit_cpu_alone = 1;
  cudajit_cpu_shared_bytes = job->shared_bytes;
  cudajit_cpu_check_shared = job->check_shared;
  cudajit_fault_site (&job->site, job->hint);
  if (job->races)
    cudajit_race_begin (job);
  for (unsigned long long number = 0; number < blocks; number++)
    {
      struct runner *r = &grid_runners.runners[number];

      r->job = job;
      reserve_shared (r);
      prepare_fibers (r);
      r->as_fibers = true;
      start_block_fibers (r);
    }
  for (;;)
    {
      unsigned long long waiting = 0, returned = blocks;

      for (unsigned long long number = 0; number < blocks; number++)
        {
          struct runner *r = &grid_runners.runners[number];

          set_block_index (job, number);
          cudajit_cpu_current = r;
          cudajit_cpu_shared = (uintptr_t) r->shared;
          if (resume_block_fibers (r))
            waiting++;
          else if (returned == blocks)
            returned = number;
        }
      if (!waiting)
        break;
      if (returned < blocks)
        {
          set_block_index (job, returned);
          cudajit_fatal (&job->site,
                         "block (%u, %u, %u) returned without reaching the "
                         "cuda_grid_sync where %llu other blocks wait for it "
                         "forever",
                         blockIdx.x, blockIdx.y, blockIdx.z, waiting);
        }
      for (unsigned long long number = 0; number < blocks; number++)
        {
          struct runner *r = &grid_runners.runners[number];

          for (unsigned int i = 0; i < job->threads; i++)
            if (r->fibers[i].state == FIBER_AT_GRID_BARRIER)
              r->fibers[i].state = FIBER_READY;
        }
      if (job->races)
        cudajit_race_grid_synced ();
    }
  for (unsigned long long number = 0; number < blocks; number++)
    {
      set_block_index (job, number);
      cudajit_cpu_current = &grid_runners.runners[number];
      if (cudajit_cpu_current->wmma_stored)
        cudajit_check_wmma_warps (cudajit_cpu_current);
    }
  cudajit_fault_site (NULL, NULL);
  cudajit_cpu_alone = 0;
  cudajit_cpu_shared_bytes = 0;
  cudajit_cpu_check_shared = 0;
  cudajit_cpu_current = NULL;
  if (job->races)
    cudajit_race_end ();
}

/* Run blocks of JOB with R until none is left.  R is made ready for them
   only once it has one, so that a launch of few blocks costs little
   however many threads the pool has.  */
static void
run_blocks (struct job *job, struct runner *r)
{
  struct blocks taken;

  if (!take_blocks (job, &taken))
    return;
  /* From here: a fault in the runtime's own code, running for a kernel
     that has smashed its memory, is the launch's fault too.  */
  cudajit_fault_site (&job->site, job->hint);
  gridDim = job->grid;
  blockDim = job->block;
  r->job = job;
  reserve_shared (r);
  if (job->fibers)
    prepare_fibers (r);
  r->as_fibers = job->fibers;
  cudajit_cpu_alone = job->alone;
  cudajit_cpu_shared = (uintptr_t) r->shared;
  cudajit_cpu_shared_bytes = job->shared_bytes;
  cudajit_cpu_check_shared = job->check_shared;
  cudajit_cpu_current = r;
  /* The race check runs each thread through the kernel as written, whose
     accesses report themselves, as a block runs again after a fault; so
     does a debugger, which reads the thread from threadIdx.  */
  cudajit_one_thread = job->one_thread;
  if (job->kernel->host_entry_runs_block && !job->one_thread)
    run_whole_blocks (job, r, taken);
  else
    do
      for (unsigned long long number = taken.first; number < taken.end;
           number++)
        {
          set_block_index (job, number);
          if (job->fibers)
            run_block_fibers (r);
          else
            run_threads (job);
          if (r->wmma_stored)
            cudajit_check_wmma_warps (r);
        }
    while (take_blocks (job, &taken));
  cudajit_flush_deferred_adds ();
  cudajit_one_thread = 0;
  cudajit_cpu_alone = 0;
  cudajit_cpu_shared_bytes = 0;
  cudajit_cpu_check_shared = 0;
  cudajit_cpu_current = NULL;
  cudajit_fault_site (NULL, NULL);
}

/* A fork waits for the launch in progress, if any, so that the child
   finds no job half done.  */

static void
lock_for_fork (void)
{
  pthread_mutex_lock (&launch_lock);
}

static void
unlock_after_fork (void)
{
  pthread_mutex_unlock (&launch_lock);
}

long
cudajit_cpu_threads (void)
{
  long threads = cudajit_environment ()->cpu_threads;

  return threads ? threads : cudajit_default_cpu_threads ();
}

/* Read the size of the pool, and make ready what every launch needs;
   called with launch_lock held.  */
static void
configure_pool (void)
{
  /* A child inherits this, and the handlers.  */
  static bool fork_handled;
  long threads = cudajit_cpu_threads ();

  /* The launching thread is one of them.  */
  cpu_threads.limit = threads - 1;
  cpu_threads.configured = true;
  as_written = cudajit_environment ()->cpu_as_written;
  if (as_written)
    cudajit_verbose ("CPU backend: as CUDAJIT_CPU_AS_WRITTEN says, each "
                     "thread runs its kernel as written, not the block's "
                     "loops");
  else if (traced_p ())
    {
      as_written = true;
      cudajit_verbose ("CPU backend: under a debugger, each thread runs its "
                       "kernel as written, not the block's loops");
    }
  cpu_threads.runners
      = calloc (cpu_threads.limit + 1, sizeof *cpu_threads.runners);
  if (!cpu_threads.runners)
    cudajit_fatal (NULL, "out of memory for the CPU backend");
  if (fork_handled)
    return;
  pthread_atfork (lock_for_fork, unlock_after_fork, unlock_after_fork);
  fork_handled = true;
  page_size = sysconf (_SC_PAGESIZE);
  cudajit_catch_kernel_faults ();
}

/* Run the blocks of JOB on the thread numbered WORKER of the launch.  */
static void
run_job_part (void *job, unsigned int worker)
{
  run_blocks (job, &cpu_threads.runners[worker]);
}

/* Says, once, the first time a kernel compiled at -O0 or -Og runs here,
   as the banner of the fallback to the CPU says that, and under the same
   condition, how to run it at the speed of -O2: the default of a Makefile
   without CFLAGS, of CMake without a build type and of Meson's debug is
   6 to 39 times slower, with nothing else to tell why.  */
static void
tell_unoptimized (const struct cudajit_kernel *kernel,
                  const struct cudajit_site *site)
{
  if (!kernel->host_unoptimized || told_unoptimized
      || cudajit_environment ()->backend == CUDAJIT_BACKEND_CPU)
    return;
  told_unoptimized = true;
  fprintf (stderr,
           "cudajit: kernel '%s' launched at %s:%d was compiled without "
           "optimization (-O0, -Og or no -O), which runs many times slower "
           "on the CPU backend than -O2: compile with -O2 (-O2 -g still "
           "debugs; CMake: -DCMAKE_BUILD_TYPE=RelWithDebInfo; Meson: "
           "--buildtype=debugoptimized)\n",
           kernel->name, site->file, site->line);
}

/* What each row of cudajit-fiber-reasons.def says after "because".  */
static const char *const fiber_reasons[] = {
  NULL,
#define DEF_CUDAJIT_FIBER_REASON(id, text) text,
#include "cudajit-fiber-reasons.def"
#undef DEF_CUDAJIT_FIBER_REASON
};

/* Says, under CUDAJIT_VERBOSE, once for each kernel, how JOB's runs on
   the CPU, and for fibers that the plugin chose, which construct of
   which line sent it there.  */
static void
tell_path (const struct job *job)
{
  const struct cudajit_kernel *k = job->kernel;
  /* The one field of a kernel that its launches change.  */
  if (!cudajit_verbose_p ()
      || atomic_exchange ((atomic_bool *) &k->told_path, true))
    return;
  const char *checked = job->races   ? "CUDAJIT_CHECK=races"
                        : job->warps ? "CUDAJIT_CHECK=warps"
                                     : NULL;
  const char *reason
      = k->fiber_reason < sizeof fiber_reasons / sizeof *fiber_reasons
            ? fiber_reasons[k->fiber_reason]
            : NULL;
  if (checked)
    cudajit_verbose ("CPU backend: '%s' runs each thread as a fiber, for %s",
                     k->name, checked);
  else if (job->one_thread && job->fibers)
    cudajit_verbose ("CPU backend: '%s' runs each thread as a fiber, "
                     "through the kernel as written",
                     k->name);
  else if (job->fibers || k->grid_sync)
    {
      const char *threads = k->grid_sync ? "the threads of its whole grid"
                                         : "the threads of each block";
      if (reason && k->fiber_line)
        cudajit_verbose ("CPU backend: '%s' runs %s as fibers, because at "
                         "%s:%u %s",
                         k->name, threads, k->module->unit_name, k->fiber_line,
                         reason);
      else if (reason)
        cudajit_verbose ("CPU backend: '%s' runs %s as fibers, because %s",
                         k->name, threads, reason);
      else
        cudajit_verbose ("CPU backend: '%s' runs %s as fibers", k->name,
                         threads);
    }
  else if (k->host_entry_runs_block && !job->one_thread)
    cudajit_verbose (
        "CPU backend: '%s' runs each block as loops over its "
        "threads%s",
        k->name, k->barrier ? ", cut at its barriers and warp functions" : "");
  else
    cudajit_verbose ("CPU backend: '%s' runs one thread at a time, through "
                     "the kernel as written",
                     k->name);
}

/* The end of the launch of JOB, which holds launch_lock: its warp
   check's report, as the race check's.  */
static void
finish_launch (const struct job *job)
{
  if (job->warps)
    cudajit_warp_check_end ();
  cudajit_unwatch (job->watch);
  pthread_mutex_unlock (&launch_lock);
}

void
cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                    const struct cudajit_launch_config *config, void **args,
                    const struct cudajit_site *site, const char *hint)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned int threads = block.x * block.y * block.z;
  /* The dynamic shared memory starts at a multiple of 16, as large an
     alignment as a type can need, and the whole at one too, as
     aligned_alloc wants.  */
  /* The race check needs each thread alone on a stack of its own, and
     the blocks one after another.  */
  bool races = kernel->checks_races
               && (cudajit_environment ()->check & CUDAJIT_CHECK_RACES);
  /* The warp check needs each thread alone too, where the block function
     cut at warp functions would give the values of a whole warp at once;
     and so the blocks one after another.  */
  bool warps = kernel->barrier
               && (cudajit_environment ()->check & CUDAJIT_CHECK_WARPS);
  size_t shared = ((kernel->static_shared_bytes + CUDAJIT_SHARED_ALIGN - 1)
                   & ~(size_t) (CUDAJIT_SHARED_ALIGN - 1))
                  + config->shared_bytes;
  pthread_mutex_lock (&launch_lock);
  if (!cpu_threads.configured)
    configure_pool ();
  bool one_thread
      = races || warps || (as_written && kernel->host_entry_runs_block);
  struct job job = {
    .kernel = kernel,
    .args = args,
    .grid = grid,
    .block = block,
    .blocks = (unsigned long long) grid.x * grid.y * grid.z,
    .threads = threads,
    /* A block of one thread has no one to wait for.  */
    .fibers
    = races
      || (kernel->barrier && (one_thread || !kernel->host_entry_runs_block)
          && threads > 1),
    .races = races,
    .warps = warps,
    .one_thread = one_thread,
    .shared_bytes = ((shared + CUDAJIT_SHARED_ALIGN - 1)
                     & ~(size_t) (CUDAJIT_SHARED_ALIGN - 1)),
    .shared_end = shared,
    .check_shared = cudajit_environment ()->check & CUDAJIT_CHECK_BOUNDS,
    .site = *site,
    .hint = hint,
  };

  unsigned int workers;
  struct cudajit_watch watch;

  tell_unoptimized (kernel, site);
  tell_path (&job);
  cudajit_know_code (kernel->host_entry);
  cudajit_watch (&watch, site);
  job.watch = &watch;
  if (warps)
    cudajit_warp_check_begin (&job);
  if (kernel->grid_sync)
    {
      run_grid_fibers (&job);
      finish_launch (&job);
      return;
    }
  /* The launching thread takes a block too; launches run one at a
     time.  */
  workers = races || warps                       ? 0
            : job.blocks - 1 < cpu_threads.limit ? job.blocks - 1
                                                 : cpu_threads.limit;
  if (races)
    cudajit_race_begin (&job);
  job.alone = workers == 0;
  /* Each thread takes blocks that follow each other, as many at a time
     as leaves each about CHUNKS_PER_THREAD takes: few enough that the
     count they take from stays in a cache, enough that they finish
     together when blocks take unequal times.  */
  job.chunk = job.blocks / ((workers + 1ULL) * CHUNKS_PER_THREAD);
  /* A small grid's blocks are taken SMALL_GRID_TAKES times a thread or
     so, in chunks of at most SMALL_GRID_CHUNK: with 16 threads, one
     block a take costs more in the one contended count than a short
     block runs (64 blocks of 32 threads on 16 cores: 7.0 us a launch
     with chunks of 1, 4.7 with 2, 3.5 with 4).  A thread that comes
     late finds the chunks taken by those that came first.  */
  unsigned long long small
      = (job.blocks + (workers + 1ULL) * SMALL_GRID_TAKES - 1)
        / ((workers + 1ULL) * SMALL_GRID_TAKES);
  if (small > SMALL_GRID_CHUNK)
    small = SMALL_GRID_CHUNK;
  if (job.chunk < small)
    job.chunk = small;
  if (!job.chunk)
    job.chunk = 1;
  cudajit_pool_run (run_job_part, &job, workers);
  if (races)
    cudajit_race_end ();
  finish_launch (&job);
}
