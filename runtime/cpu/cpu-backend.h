/* SPDX-License-Identifier: MIT */
/* What the CPU backend's execution of kernels (cpu-execution.c) and the
   device API that kernels call there (cpu-device-api.c) share: the
   blocks, threads, fibers and warps of a launch; and the checks of a
   launch's arguments (cpu-host-arrays.c) that cpu-launch.c makes.  */

#ifndef CUDAJIT_CPU_BACKEND_H
#define CUDAJIT_CPU_BACKEND_H

#include "internal.h"
#include <ucontext.h>

/* A launch in progress.  */
struct job
{
  const struct cudajit_kernel *kernel;
  void **args;
  cuda_dim3 grid, block;
  unsigned long long blocks;
  unsigned int threads;
  /* Whether the threads of a block run as fibers, and whether the
     launching thread runs all the blocks alone.  */
  bool fibers;
  bool alone;
  /* Whether CUDAJIT_CHECK=races follows its accesses to memory
     (cpu-race-check.c), and whether CUDAJIT_CHECK=warps checks what its
     warp functions read (cpu-warp-check.c).  */
  bool races;
  bool warps;
  /* Whether each thread runs the kernel as written, by itself, rather
     than the loops of a block function: for the race check, and under a
     debugger, where threadIdx then holds the thread that stops.  */
  bool one_thread;
  /* The shared memory of a block: the static arrays, then from the next
     multiple of 16 the dynamic ones; the end of the dynamic shared memory
     that the launch gives, before the rounding.  */
  size_t shared_bytes;
  size_t shared_end;
  /* Whether accesses to shared arrays check their bounds
     (CUDAJIT_CHECK=bounds).  */
  bool check_shared;
  /* The launch, for errors in the kernel, and the end of the message of
     a fault in it, or null; what CUDAJIT_TIMEOUT watches it with.  */
  struct cudajit_site site;
  const char *hint;
  struct cudajit_watch *watch;
  /* The next block not yet taken by a thread, and how many a thread
     takes at once: on a cache line of their own, since every thread
     writes NEXT and reads the rest.  */
  _Alignas(CUDAJIT_CACHE_LINE) atomic_ullong next;
  unsigned long long chunk;
};

/* Where a fiber is.  */
enum fiber_state
{
  /* Running, or to be run.  */
  FIBER_READY,
  /* In cuda_syncthreads, until every thread that has not returned is.  */
  FIBER_AT_BARRIER,
  /* In a warp function, until its warp lets it go on.  */
  FIBER_AT_WARP,
  /* In cuda_activemask, until every lane of its warp waits somewhere.  */
  FIBER_CONVERGING,
  /* In a loop that waits for another thread to change memory, letting
     the others run until the next pass.  */
  FIBER_SPINNING,
  /* In cuda_grid_sync, until every block of the grid is.  */
  FIBER_AT_GRID_BARRIER,
  FIBER_DONE
};

/* What a thread gives and asks for in a warp function, FUNCTION.  */
struct warp_request
{
  const char *function;
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

/* Where a fiber, or the scheduler, left off (cpu-fiber-switch.c).  */
struct fiber_context
{
#if defined __x86_64__ && defined __ELF__
  void *stack_pointer;
#else
  ucontext_t ucontext;
#endif
  /* Its stack, and AddressSanitizer's fake stack for it, when the program
     has AddressSanitizer.  */
  const void *stack_bottom;
  size_t stack_size;
  void *fake_stack;
};

/* Make CONTEXT start ENTRY, which never returns, on the SIZE bytes of
   stack at STACK; ENTRY first calls cudajit_fiber_entered.  Switch from
   the caller, whose context goes to FROM, to TO; or, for a fiber that is
   done, exit to TO.  */
void cudajit_fiber_start (struct fiber_context *context, char *stack,
                          size_t size, void (*entry) (void));
void cudajit_fiber_entered (void);
void cudajit_fiber_switch (struct fiber_context *from,
                           const struct fiber_context *to);
_Noreturn void cudajit_fiber_exit (struct fiber_context *from,
                                   const struct fiber_context *to);

/* The most numbers of a fiber's position that count: deeper loops and
   calls of device functions are not told apart.  */
#define WARP_POSITION_MAX 32

/* A simulated thread of a block that runs as a fiber.  */
struct fiber
{
  struct fiber_context context;
  cuda_uint3 index;
  /* What Valgrind calls its stack.  */
  unsigned int stack_id;
  enum fiber_state state;
  /* In a warp function: what it asks; then what it gets, and the lanes of
     its mask that took part, those that had not returned.  */
  struct warp_request request;
  unsigned long long result;
  unsigned int present;
  /* The file and line of the warp function that it calls next, as
     cudajit_warp_at says, or null.  */
  const char *where;
  /* Its position, which the lanes in cuda_activemask compare
     (cudajit_converge_warp): the numbers of the calls of device functions
     that it is in (cudajit_warp_call), DEPTH of them, then those of the
     cuda_activemask that it calls, LENGTH in all, of which the first
     WARP_POSITION_MAX are kept.  */
  unsigned int position[WARP_POSITION_MAX];
  unsigned int depth, length;
};

/* A warp of the block that runs as fibers: lane L is its fiber L.  */
struct warp
{
  /* The lanes that exist and have not returned, those waiting in a warp
     function, and those in cuda_activemask.  */
  unsigned int running, arrived, converging;
  /* How many times its lanes were let go on from a warp function.  */
  unsigned int passed;
};

/* A shared array of a device function, in the block's runner: KEY is the
   address of the function's static array, which stands for it.  */
struct block_array
{
  const void *key;
  void *memory;
  size_t size;
  struct block_array *next;
};

/* What a pool thread needs to run blocks.  It lives as long as the
   process: a worker's on its stack, the launching thread's in launcher,
   which launch_lock guards, so that host threads that launch and end leave
   none behind.  */
struct runner
{
  const struct job *job;
  /* Whether the block that runs runs as fibers: those of JOB do, or one
     that runs again, thread by thread, after a fault.  */
  bool as_fibers;
  /* The shared memory of the block that runs, of shared_size bytes: like
     CUDA's, it is not cleared, so it is kept from block to block.  */
  void *shared;
  size_t shared_size;
  /* The memory of the variables that the threads of a block keep across
     barriers, of context_size bytes, kept from block to block.  */
  void *context;
  size_t context_size;
  /* The shared arrays of the device functions that the block calls,
     kept from block to block as SHARED is.  */
  struct block_array *arrays;
  /* Fibers for up to CAPACITY threads, each on a stack that follows a
     page in one mapping: the first a guard page, the others too unless
     GUARDED is false; and their warps.  */
  struct fiber *fibers;
  char *stacks;
  unsigned int capacity;
  /* The bytes of the guard page before STACKS, and from STACKS on.  */
  size_t stack_guard, stacks_bytes;
  bool guarded;
  struct warp *warps;
  /* The threads of the block that have not returned.  */
  unsigned int live;
  /* How many threads that arrived at the barrier in progress gave a
     nonzero predicate (cuda_syncthreads_count, _and, _or); at the last
     barrier passed, that count and how many arrived.  */
  unsigned int barrier_count, passed_count, passed_arrived;
  /* The barriers that the threads of the block have passed.  */
  unsigned long long barriers_passed;
  /* Where a fiber switches back to, and the fiber that runs.  */
  struct fiber_context scheduler;
  unsigned int running;
  /* The lanes of each warp of the block that runs that stored a
     warp-matrix accumulator (cuda_wmma_store), and whether any did.  */
  unsigned int wmma_lanes[CUDAJIT_BLOCK_THREADS_MAX / CUDAJIT_WARP_SIZE];
  bool wmma_stored;
};

/* The runner of the calling thread while it runs a kernel, else null.  */
extern __thread struct runner *cudajit_cpu_current;

/* The runner of the calling thread, which FUNCTION, a device function,
   needs: outside a kernel, FUNCTION is an error, as it would be on a
   GPU, where it exists only in kernels.  */
struct runner *cudajit_kernel_runner (const char *function)
    __attribute__ ((visibility ("hidden")));

/* Let go on the lanes of warp NUMBER of R that wait in a warp function
   with a mask whose every lane that has not returned waits there with
   the same mask, each with what it asked for.  */
void cudajit_release_warp (struct runner *r, unsigned int number);

/* Once every lane of warp NUMBER of R that has not returned waits
   somewhere, let go on the lanes in cuda_activemask at the earliest
   position, each with the mask of them all.  */
void cudajit_converge_warp (struct runner *r, unsigned int number);

/* cpu-wmma-checks.c: at the end of a block of R where a lane stored an
   accumulator (R->wmma_stored), report a warp that
   stored a warp-matrix accumulator in some of its lanes only, some
   having returned or taken another branch (a partial result), as a GPU
   does at the store; the lanes of a block that is not whole warps are
   reported at the first load (cudajit-wmma.h).  */
void cudajit_check_wmma_warps (struct runner *r)
    __attribute__ ((visibility ("hidden")));

/* Make the atomic additions that the calling thread keeps for later
   (cpu-deferred-adds.c): at the end of its part of a launch.  */
void cudajit_flush_deferred_adds (void)
    __attribute__ ((visibility ("hidden")));

/* cpu-race-check.c: CUDAJIT_CHECK=races.  Follow the accesses of JOB,
   whose blocks run one after another on the calling thread, each a
   fiber for each thread; count a cuda_grid_sync passed; report the races
   found, as cudajit_error does.  */
void cudajit_race_begin (const struct job *job);
void cudajit_race_grid_synced (void);
void cudajit_race_end (void);

/* cpu-warp-check.c: CUDAJIT_CHECK=warps.  Check the warp functions of
   JOB, whose blocks run one after another on the calling thread, each a
   fiber for each thread; record the first that a lane of R calls
   wrongly, as FUNCTION at the file and line WHERE (or null), saying
   what it does wrong; report it, as cudajit_error does.  */
void cudajit_warp_check_begin (const struct job *job);
void cudajit_warp_violation (const struct runner *r, unsigned int thread,
                             const char *function, const char *where,
                             const char *format, ...)
    __attribute__ ((format (printf, 5, 6)));
void cudajit_warp_check_end (void);

/* cpu-host-arrays.c */

cudajit_classify_argument cudajit_cpu_classify_argument;

/* After a launch of KERNEL at SITE on the CPU backend, whether its
   kernel left the memory past the end of each device array of ARGS as it
   was, where no guard faults; if not, report it.  */
bool cudajit_check_cpu_argument_ends (struct cudajit_kernel *kernel,
                                      const struct cudajit_site *site,
                                      void **args);

/* On the CPU backend, whether the pointer arguments of KERNEL's launch at
   SITE are what a GPU would take: device memory, or host arrays for
   parameters of declared extent.  If not, report it and return -1; else
   return the number of host arrays.  */
int cudajit_check_cpu_arguments (struct cudajit_kernel *kernel,
                                 const struct cudajit_site *site, void **args,
                                 const size_t *extent_bytes);

/* For CUDAJIT_CHECK=bounds on the CPU backend: set GUARDED_ARGS to ARGS
   of KERNEL's launch at SITE, as for cudajit_launch, but with copies of
   its host arrays, each followed by memory that faults when touched, in
   COPIES (null for the other arguments), mapped as MAPPINGS say.  Return
   false after reporting an error.  */
bool cudajit_guard_host_arrays (struct cudajit_kernel *kernel,
                                const struct cudajit_site *site, void **args,
                                const size_t *extent_bytes, void **copies,
                                enum cudajit_host_mapping *mappings,
                                void **guarded_args);

/* Free the COPIES of cudajit_guard_host_arrays, copying those that the
   kernel may write back to its host arrays first if COPY_OUT.  */
void cudajit_unguard_host_arrays (struct cudajit_kernel *kernel, void **args,
                                  const size_t *extent_bytes, void **copies,
                                  const enum cudajit_host_mapping *mappings,
                                  bool copy_out);

#endif /* cpu-backend.h */
