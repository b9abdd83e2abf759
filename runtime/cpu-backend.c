/* The CPU backend: kernels run on the host.

   A launch spreads the grid's blocks over a pool of threads, the launching
   thread included.  Each pool thread runs the threads of a block one after
   another, setting the built-in variables for each; the kernel's C version
   reads them like the CUDA version reads CUDA's.  A kernel that may reach
   cuda_syncthreads or a warp function needs all the threads of a block
   alive at once, each waiting there for others: the pool thread then runs
   them as fibers, each on a stack of its own, switching from one to the
   next where one waits.  */

/* For MAP_ANONYMOUS, MAP_NORESERVE and MAP_STACK.  */
#define _DEFAULT_SOURCE

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
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

__thread cuda_uint3 threadIdx;
__thread cuda_uint3 blockIdx;
__thread cuda_dim3 blockDim;
__thread cuda_dim3 gridDim;

/* A launch in progress.  */
struct job
{
  const struct cudajit_kernel *kernel;
  void **args;
  cuda_dim3 grid, block;
  unsigned long long blocks;
  unsigned int threads;
  /* Whether the threads of a block run as fibers.  */
  bool fibers;
  /* The shared memory of a block: the static arrays, then from the next
     multiple of 16 the dynamic ones.  */
  size_t shared_bytes;
  /* The launch, for errors in the kernel.  */
  const char *file;
  int line;
  /* The next block not yet taken by a thread.  */
  atomic_ullong next;
};

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

/* Where a fiber is.  */
enum fiber_state
{
  /* Running, or to be run.  */
  FIBER_READY,
  /* In cuda_syncthreads, until every thread that has not returned is.  */
  FIBER_AT_BARRIER,
  /* In a warp function, until its warp lets it go on.  */
  FIBER_AT_WARP,
  FIBER_DONE
};

/* What a thread gives and asks for in a warp function.  */
struct warp_request
{
  /* The lanes it waits for.  */
  unsigned int mask;
  /* The 8 bytes of the value it gives.  */
  unsigned long long value;
  /* With MATCH, it asks for the lanes of MASK whose VALUE is WANTED, which
     makes a ballot of the lanes that give 1 too; else for the VALUE of
     lane SOURCE, or its own where that is no lane of the warp.  */
  bool match;
  unsigned long long wanted;
  long long source;
};

/* A simulated thread of a block that runs as a fiber.  */
struct fiber
{
  ucontext_t context;
  cuda_uint3 index;
  /* What Valgrind calls its stack.  */
  unsigned int stack_id;
  enum fiber_state state;
  /* In a warp function: what it asks; then what it gets, and the lanes of
     its mask that took part, those that had not returned.  */
  struct warp_request request;
  unsigned long long result;
  unsigned int present;
};

/* A warp of the block that runs as fibers: lane L is its fiber L.  */
struct warp
{
  /* The lanes that exist and have not returned, those waiting in a warp
     function, and the union of the masks they gave.  */
  unsigned int running, arrived, mask;
};

/* What a pool thread needs to run blocks.  It lives as long as the
   process: a worker's on its stack, the launching thread's in launcher,
   which launch_lock guards, so that host threads that launch and end leave
   none behind.  */
struct runner
{
  const struct job *job;
  /* The shared memory of the block that runs, of shared_size bytes: like
     CUDA's, it is not cleared, so it is kept from block to block.  */
  void *shared;
  size_t shared_size;
  /* Fibers for up to CAPACITY threads, each on a stack that follows a
     page in one mapping: the first a guard page, the others too unless
     GUARDED is false; and their warps.  */
  struct fiber *fibers;
  char *stacks;
  unsigned int capacity;
  bool guarded;
  struct warp *warps;
  /* Where a fiber switches back to, and the fiber that runs.  */
  ucontext_t scheduler;
  unsigned int running;
};

/* The runner of the calling thread while it runs a kernel, else null.  */
static __thread struct runner *current;

static struct
{
  pthread_mutex_t lock;
  /* Signalled when a job is posted, and when the workers are done.  */
  pthread_cond_t posted, done;
  struct job *job;
  /* How many more workers the job asks for: each that wakes takes one
     place, while there is one.  */
  unsigned int wanted;
  /* The workers started, and the most there may be: they start as
     launches need them.  */
  unsigned int workers, limit;
  /* Workers still running the current job.  */
  unsigned int busy;
  /* Whether CUDAJIT_CPU_THREADS was read, in this process.  */
  bool configured;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
           PTHREAD_COND_INITIALIZER, NULL, 0, 0, 0, 0, false };

/* One launch at a time uses the pool, and starts it.  */
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* The runner of the launching thread.  */
static struct runner launcher;

/* Set blockIdx to block number NUMBER of JOB.  */
static void
set_block_index (const struct job *job, unsigned long long number)
{
  blockIdx.x = number % job->grid.x;
  blockIdx.y = number / job->grid.x % job->grid.y;
  blockIdx.z = number / job->grid.x / job->grid.y;
}

/* Run the threads of block number NUMBER of JOB, which cannot wait for
   each other.  */
static void
run_block (const struct job *job, unsigned long long number)
{
  void (*host_entry) (void **args) = job->kernel->host_entry;
  cuda_uint3 *thread = &threadIdx;

  set_block_index (job, number);
  for (unsigned int z = 0; z < job->block.z; z++)
    for (unsigned int y = 0; y < job->block.y; y++)
      for (unsigned int x = 0; x < job->block.x; x++)
        {
          *thread = (cuda_uint3){ x, y, z };
          host_entry (job->args);
        }
}

/* What a fiber runs.  When it returns, the fiber switches to
   current->scheduler, its uc_link.  */
static void
fiber_main (void)
{
  const struct job *job = current->job;

  job->kernel->host_entry (job->args);
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
    cudajit_die (job->kernel->name, job->file, job->line,
                 "cannot map the stacks of a block of %u threads on the "
                 "CPU backend: %s",
                 threads, strerror (errno));
  r->stacks = map + page_size;
  r->guarded = atomic_fetch_add (&guarded_fibers, threads) + threads
               <= GUARDED_FIBERS;
  if (!r->guarded)
    atomic_fetch_sub (&guarded_fibers, threads);
  for (unsigned int i = 1; i < threads && r->guarded; i++)
    if (mprotect (stack_of (r, i) - page_size, page_size, PROT_NONE) != 0)
      cudajit_die (job->kernel->name, job->file, job->line,
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
      r->warps = cudajit_xrealloc (r->warps, (r->capacity + 31) / 32
                                                 * sizeof *r->warps);
      /* A context points into itself, so those that moved need making
         afresh too.  */
      for (unsigned int i = 0; i < r->capacity; i++)
        {
          char *stack = stack_of (r, i);

          *(unsigned long long *) stack = STACK_CANARY;
          r->fibers[i].stack_id
              = VALGRIND_STACK_REGISTER (stack, stack + CUDAJIT_FIBER_STACK);
          getcontext (&r->fibers[i].context);
        }
    }
  for (unsigned int i = 0; i < job->threads; i++)
    r->fibers[i].index = (cuda_uint3){ i % block.x, i / block.x % block.y,
                                       i / block.x / block.y };
}

/* Once every lane of warp NUMBER of R that a waiting lane's mask names
   waits too or has returned, give each waiting lane what it asked for and
   let it go on.  Lanes of different masks that wait at once are served
   together, which serves each as it would be alone where it asks only for
   lanes of its mask, as CUDA requires.  */
static void
release_warp (struct runner *r, unsigned int number)
{
  struct warp *w = &r->warps[number];
  struct fiber *lanes = &r->fibers[number * 32];

  if (!w->arrived || (w->mask & w->running & ~w->arrived))
    return;
  for (unsigned int lane = 0; lane < 32; lane++)
    if (w->arrived >> lane & 1)
      {
        struct fiber *f = &lanes[lane];
        const struct warp_request *q = &f->request;
        long long source = q->source;

        f->present = q->mask & w->arrived;
        if (q->match)
          {
            f->result = 0;
            for (unsigned int other = 0; other < 32; other++)
              if ((f->present >> other & 1)
                  && lanes[other].request.value == q->wanted)
                f->result |= 1u << other;
          }
        else if (source >= 0 && source < 32 && (w->arrived >> source & 1))
          f->result = lanes[source].request.value;
        else
          f->result = q->value;
        f->state = FIBER_READY;
      }
  w->arrived = w->mask = 0;
}

/* Run the threads of block number NUMBER of R->job as fibers.  */
static void
run_block_fibers (struct runner *r, unsigned long long number)
{
  const struct job *job = r->job;
  unsigned int live = job->threads, at_barrier = 0;

  set_block_index (job, number);
  for (unsigned int i = 0; i < job->threads; i++)
    {
      struct fiber *f = &r->fibers[i];

      f->context.uc_stack.ss_sp = stack_of (r, i);
      /* Stacks whose tops are a power of two apart would put the frames
         that all the fibers use in the same few sets of the L1 cache;
         lowering each top by a few cache lines spreads them.  */
      f->context.uc_stack.ss_size = CUDAJIT_FIBER_STACK - i % 64 * 64;
      f->context.uc_link = &r->scheduler;
      makecontext (&f->context, fiber_main, 0);
      f->state = FIBER_READY;
    }
  for (unsigned int first = 0; first < job->threads; first += 32)
    {
      unsigned int lanes = job->threads - first;

      r->warps[first / 32] = (struct warp){
        .running = lanes >= 32 ? ~0u : (1u << lanes) - 1
      };
    }
  /* Each pass runs every thread that can go on until it waits or returns.
     A warp's threads go on when the last of them arrives or returns, the
     block's when all that have not returned wait at cuda_syncthreads.  */
  while (live)
    {
      bool ran = false;

      for (unsigned int i = 0; i < job->threads; i++)
        {
          struct fiber *f = &r->fibers[i];

          if (f->state != FIBER_READY)
            continue;
          ran = true;
          threadIdx = f->index;
          r->running = i;
          swapcontext (&r->scheduler, &f->context);
          if (*(unsigned long long *) stack_of (r, i) != STACK_CANARY)
            cudajit_die (job->kernel->name, job->file, job->line,
                         CUDAJIT_FAULT_OVERFLOW
                         " in block (%u, %u, %u) thread (%u, %u, %u)",
                         blockIdx.x, blockIdx.y, blockIdx.z, f->index.x,
                         f->index.y, f->index.z);
          if (f->state == FIBER_AT_BARRIER)
            at_barrier++;
          else if (f->state == FIBER_READY)
            {
              f->state = FIBER_DONE;
              live--;
              r->warps[i / 32].running &= ~(1u << i % 32);
              release_warp (r, i / 32);
            }
        }
      if (at_barrier && at_barrier == live)
        {
          for (unsigned int i = 0; i < job->threads; i++)
            if (r->fibers[i].state == FIBER_AT_BARRIER)
              r->fibers[i].state = FIBER_READY;
          at_barrier = 0;
        }
      else if (!ran && live)
        cudajit_die (job->kernel->name, job->file, job->line,
                     "the threads of block (%u, %u, %u) wait for each other "
                     "forever on the CPU backend: a warp function's mask "
                     "names threads that wait at cuda_syncthreads",
                     blockIdx.x, blockIdx.y, blockIdx.z);
    }
}

/* The number of a block of JOB that no thread has taken yet, which the
   caller takes; JOB->blocks or more if none is left.  */
static unsigned long long
take_block (struct job *job)
{
  return atomic_fetch_add_explicit (&job->next, 1, memory_order_relaxed);
}

/* Run blocks of JOB with R until none is left.  R is made ready for them
   only once it has one, so that a launch of few blocks costs little
   however many threads the pool has.  */
static void
run_blocks (struct job *job, struct runner *r)
{
  unsigned long long number = take_block (job);

  if (number >= job->blocks)
    return;
  gridDim = job->grid;
  blockDim = job->block;
  r->job = job;
  if (job->shared_bytes > r->shared_size)
    {
      free (r->shared);
      r->shared = aligned_alloc (16, job->shared_bytes);
      if (!r->shared)
        cudajit_die (job->kernel->name, job->file, job->line,
                     "out of memory allocating %zu bytes of shared memory",
                     job->shared_bytes);
      r->shared_size = job->shared_bytes;
    }
  if (job->fibers)
    prepare_fibers (r);
  current = r;
  do
    if (job->fibers)
      run_block_fibers (r, number);
    else
      run_block (job, number);
  while ((number = take_block (job)) < job->blocks);
  current = NULL;
}

/* Workers live as long as the process.  */
static _Noreturn void *
worker (void *unused)
{
  struct runner runner = { 0 };

  (void) unused;
  cudajit_need_signal_stack ();
  pthread_mutex_lock (&pool.lock);
  for (;;)
    {
      struct job *job;

      while (!pool.wanted)
        pthread_cond_wait (&pool.posted, &pool.lock);
      pool.wanted--;
      job = pool.job;
      pthread_mutex_unlock (&pool.lock);
      run_blocks (job, &runner);
      pthread_mutex_lock (&pool.lock);
      if (--pool.busy == 0)
        pthread_cond_signal (&pool.done);
    }
}

/* A fork waits for the launch in progress, if any, so that the child
   finds no job half done.  The child has none of the workers, so it starts
   a pool of its own at its first launch; a worker may have held the
   pool's lock, which it starts afresh too.  */

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

static void
reset_pool_in_child (void)
{
  pthread_mutex_init (&pool.lock, NULL);
  pthread_cond_init (&pool.posted, NULL);
  pthread_cond_init (&pool.done, NULL);
  pool.job = NULL;
  pool.wanted = 0;
  pool.workers = 0;
  pool.busy = 0;
  pthread_mutex_unlock (&launch_lock);
}

/* Read the size of the pool, and make ready what every launch needs;
   called with launch_lock held.  */
static void
configure_pool (void)
{
  /* A child inherits this, and the handlers.  */
  static bool fork_handled;
  long threads = cudajit_environment ()->cpu_threads;

  if (!threads)
    threads = sysconf (_SC_NPROCESSORS_ONLN);
  /* The launching thread is one of them.  */
  pool.limit = threads - 1;
  pool.configured = true;
  if (fork_handled)
    return;
  pthread_atfork (lock_for_fork, unlock_after_fork, reset_pool_in_child);
  fork_handled = true;
  page_size = sysconf (_SC_PAGESIZE);
  cudajit_catch_kernel_faults ();
}

/* Have at least COUNT workers; called with launch_lock held.  */
static void
start_workers (unsigned int count)
{
  pthread_t thread;
  int error;

  for (; pool.workers < count; pool.workers++)
    if ((error = pthread_create (&thread, NULL, worker, NULL)) != 0)
      cudajit_die (NULL, NULL, 0, "cannot start the CPU backend's threads: %s",
                   strerror (error));
}

/* Run JOB with HELPERS workers besides the calling thread.  */
static void
run_job (struct job *job, unsigned int helpers)
{
  cudajit_need_signal_stack ();
  if (helpers)
    {
      start_workers (helpers);
      pthread_mutex_lock (&pool.lock);
      pool.job = job;
      pool.wanted = pool.busy = helpers;
      if (helpers == pool.workers)
        pthread_cond_broadcast (&pool.posted);
      else
        for (unsigned int i = 0; i < helpers; i++)
          pthread_cond_signal (&pool.posted);
      pthread_mutex_unlock (&pool.lock);
    }
  run_blocks (job, &launcher);
  if (helpers)
    {
      pthread_mutex_lock (&pool.lock);
      while (pool.busy)
        pthread_cond_wait (&pool.done, &pool.lock);
      pthread_mutex_unlock (&pool.lock);
    }
}

void
cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                    const struct cudajit_launch_config *config, void **args,
                    const char *file, int line)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned int threads = block.x * block.y * block.z;
  /* The dynamic shared memory starts at a multiple of 16, as large an
     alignment as a type can need, and the whole at one too, as
     aligned_alloc wants.  */
  size_t shared = ((kernel->static_shared_bytes + 15) & ~(size_t) 15)
                  + config->shared_bytes;
  struct job job = {
    .kernel = kernel,
    .args = args,
    .grid = grid,
    .block = block,
    .blocks = (unsigned long long) grid.x * grid.y * grid.z,
    .threads = threads,
    /* A block of one thread has no one to wait for.  */
    .fibers = kernel->barrier && threads > 1,
    .shared_bytes = (shared + 15) & ~(size_t) 15,
    .file = file,
    .line = line,
  };

  pthread_mutex_lock (&launch_lock);
  if (!pool.configured)
    configure_pool ();
  cudajit_know_code (kernel->host_entry);
  /* The launching thread takes a block too.  */
  run_job (&job, job.blocks - 1 < pool.limit ? job.blocks - 1 : pool.limit);
  pthread_mutex_unlock (&launch_lock);
}

void
cudajit_register_block_needs (void **kernel, size_t static_shared_bytes,
                              int barrier)
{
  struct cudajit_kernel *k = *kernel;

  k->static_shared_bytes = static_shared_bytes;
  k->barrier = barrier;
}

void *
cudajit_block_shared_memory (void)
{
  return current ? current->shared : NULL;
}

bool
cudajit_cpu_running (const char **kernel, const char **file, int *line)
{
  const struct runner *r = current;

  if (!r)
    return false;
  *kernel = r->job->kernel->name;
  *file = r->job->file;
  *line = r->job->line;
  return true;
}

/* The runner of the calling thread, which FUNCTION, a device function,
   needs: outside a kernel, FUNCTION is an error, as it would be on a
   GPU, where it exists only in kernels.  */
static struct runner *
kernel_runner (const char *function)
{
  if (!current)
    cudajit_die (NULL, NULL, 0,
                 "%s called outside a kernel: it is for the threads of a "
                 "launch",
                 function);
  return current;
}

/* The runner of the calling thread if it runs its block as fibers, for
   FUNCTION, which waits for other threads; null in a block of one thread,
   where there is no one to wait for.  */
static struct runner *
fiber_runner (const char *function)
{
  struct runner *r = kernel_runner (function);

  if (r->job->fibers)
    return r;
  if (r->job->threads > 1)
    cudajit_die (r->job->kernel->name, r->job->file, r->job->line,
                 "%s in a kernel registered as never reaching it: the %u "
                 "threads of a block run one after another and cannot wait "
                 "for each other (a bug of the cudajit plugin)",
                 function, r->job->threads);
  return NULL;
}

void
cuda_syncthreads (void)
{
  struct runner *r = fiber_runner ("cuda_syncthreads");

  if (r)
    {
      r->fibers[r->running].state = FIBER_AT_BARRIER;
      swapcontext (&r->fibers[r->running].context, &r->scheduler);
    }
}

/* The warp functions.  The calling thread makes REQUEST, as FUNCTION, and
   waits for the threads of its mask; it gets the result, and the lanes of
   the mask that took part in *PRESENT unless PRESENT is null.  Where it is
   alone, it is lane 0.  */
static unsigned long long
warp_exchange (const char *function, struct warp_request request,
               unsigned int *present)
{
  struct runner *r = fiber_runner (function);
  struct fiber *f;
  struct warp *w;

  if (!r)
    {
      if (present)
        *present = 1;
      return request.match ? request.value == request.wanted : request.value;
    }
  f = &r->fibers[r->running];
  w = &r->warps[r->running / 32];
  f->request = request;
  f->state = FIBER_AT_WARP;
  w->arrived |= 1u << r->running % 32;
  w->mask |= request.mask;
  release_warp (r, r->running / 32);
  if (f->state == FIBER_AT_WARP)
    swapcontext (&f->context, &r->scheduler);
  if (present)
    *present = f->present;
  return f->result;
}

/* cudajit_shfl_OP_T, whose ARG is of ARG_TYPE, asks for lane SOURCE_LANE,
   computed from ARG, WIDTH and the caller's LANE; -1 where it gets its
   own VALUE.  VALUE travels as 8 bytes.  */
#define LANE ((long long) cuda_laneid ())
#define SHUFFLE(op, t, type, arg_type, source_lane)                           \
  type cudajit_shfl_##op##_##t (unsigned int mask, type value, arg_type arg,  \
                                int width)                                    \
  {                                                                           \
    kernel_runner ("cuda_shfl_" #op);                                         \
    struct warp_request request = { .mask = mask, .source = (source_lane) };  \
                                                                              \
    memcpy (&request.value, &value, sizeof value);                            \
    request.value = warp_exchange ("cuda_shfl_" #op, request, NULL);          \
    memcpy (&value, &request.value, sizeof value);                            \
    return value;                                                             \
  }
#define SHUFFLES(t, type)                                                     \
  SHUFFLE (sync, t, type, int, (LANE & -width) | (arg & (width - 1)))         \
  SHUFFLE (up_sync, t, type, unsigned int,                                    \
           (LANE & (width - 1)) >= arg ? LANE - arg : -1)                     \
  SHUFFLE (down_sync, t, type, unsigned int,                                  \
           (LANE & (width - 1)) + arg < width ? LANE + arg : -1)              \
  SHUFFLE (xor_sync, t, type, int,                                            \
           (LANE ^ arg) <= (LANE | (width - 1)) ? LANE ^ arg : -1)
CUDAJIT_WARP_TYPES (SHUFFLES)
#undef LANE
#undef SHUFFLE
#undef SHUFFLES

/* A vote: the lanes of MASK that take part and whose PREDICATE is nonzero,
   found as those that give 1; and those that take part in *PRESENT unless
   PRESENT is null.  */
static unsigned int
warp_vote (const char *function, unsigned int mask, int predicate,
           unsigned int *present)
{
  struct warp_request request
      = { .mask = mask, .value = predicate != 0, .match = true, .wanted = 1 };

  return warp_exchange (function, request, present);
}

unsigned int
cuda_ballot_sync (unsigned int mask, int predicate)
{
  return warp_vote ("cuda_ballot_sync", mask, predicate, NULL);
}

int
cuda_all_sync (unsigned int mask, int predicate)
{
  unsigned int present;

  return warp_vote ("cuda_all_sync", mask, predicate, &present) == present;
}

int
cuda_any_sync (unsigned int mask, int predicate)
{
  return warp_vote ("cuda_any_sync", mask, predicate, NULL) != 0;
}

int
cuda_eq_sync (unsigned int mask, int predicate)
{
  unsigned int present;
  unsigned int votes = warp_vote ("cuda_eq_sync", mask, predicate, &present);

  return votes == 0 || votes == present;
}

/* The lanes of MASK that take part and give the same VALUE, of SIZE bytes,
   as the caller; and unless ALL is null, in *ALL whether they are all
   those that take part.  */
static unsigned int
warp_match (const char *function, unsigned int mask, const void *value,
            size_t size, int *all)
{
  struct warp_request request = { .mask = mask, .match = true };
  unsigned int present, lanes;

  memcpy (&request.value, value, size);
  request.wanted = request.value;
  lanes = warp_exchange (function, request, &present);
  if (all)
    *all = lanes == present;
  return lanes;
}

#define MATCHES(t, type)                                                      \
  unsigned int cudajit_match_any_sync_##t (unsigned int mask, type value)     \
  {                                                                           \
    return warp_match ("cuda_match_any_sync", mask, &value, sizeof value,     \
                       NULL);                                                 \
  }                                                                           \
                                                                              \
  unsigned int cudajit_match_all_sync_##t (unsigned int mask, type value,     \
                                           int *pred)                         \
  {                                                                           \
    warp_match ("cuda_match_all_sync", mask, &value, sizeof value, pred);     \
    return *pred ? mask : 0;                                                  \
  }
CUDAJIT_WARP_TYPES (MATCHES)
#undef MATCHES

unsigned int
cuda_activemask (void)
{
  struct runner *r = fiber_runner ("cuda_activemask");

  return r ? r->warps[r->running / 32].running : 1;
}

int
cuda_laneid (void)
{
  kernel_runner ("cuda_laneid");
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
         % 32;
}

/* The blocks of a launch run on several host threads, so that the fences
   are real ones; the strongest serves for every scope.  */

void
cuda_threadfence (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}

void
cuda_threadfence_block (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}

void
cuda_threadfence_system (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}
