/* The CPU backend: kernels run on the host.

   A launch spreads the grid's blocks over a pool of threads, the launching
   thread included.  Each pool thread runs the threads of a block one after
   another, setting the built-in variables for each; the kernel's C version
   reads them like the CUDA version reads CUDA's.  */

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__thread cuda_uint3 threadIdx;
__thread cuda_uint3 blockIdx;
__thread cuda_dim3 blockDim;
__thread cuda_dim3 gridDim;

/* A launch in progress.  */
struct job
{
  void (*host_entry) (void **args);
  void **args;
  cuda_dim3 grid, block;
  unsigned long long blocks;
  /* The next block not yet taken by a thread.  */
  atomic_ullong next;
};

static struct
{
  pthread_mutex_t lock;
  /* Signalled when a job is posted, and when the workers are done.  */
  pthread_cond_t posted, done;
  /* Counts the jobs posted, so that a worker sees each once.  */
  unsigned long generation;
  struct job *job;
  unsigned int workers;
  /* Workers still running the current job.  */
  unsigned int busy;
  /* Whether the workers have been started, in this process.  */
  bool started;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
           PTHREAD_COND_INITIALIZER, 0, NULL, 0, 0, false };

/* One launch at a time uses the pool, and starts it.  */
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* Run the threads of block number NUMBER of JOB.  Barriers within a block
   will need each thread on its own stack, so this is the part that
   fibers would replace.  */
static void
run_block (const struct job *job, unsigned long long number)
{
  cuda_uint3 *thread = &threadIdx;

  blockIdx.x = number % job->grid.x;
  blockIdx.y = number / job->grid.x % job->grid.y;
  blockIdx.z = number / job->grid.x / job->grid.y;
  for (unsigned int z = 0; z < job->block.z; z++)
    for (unsigned int y = 0; y < job->block.y; y++)
      for (unsigned int x = 0; x < job->block.x; x++)
        {
          *thread = (cuda_uint3){ x, y, z };
          job->host_entry (job->args);
        }
}

/* Run blocks of JOB until none is left.  */
static void
run_blocks (struct job *job)
{
  unsigned long long number;

  gridDim = job->grid;
  blockDim = job->block;
  while ((number = atomic_fetch_add_explicit (&job->next, 1,
                                              memory_order_relaxed))
         < job->blocks)
    run_block (job, number);
}

/* Workers live as long as the process.  */
static _Noreturn void *
worker (void *unused)
{
  unsigned long seen = 0;

  (void) unused;
  pthread_mutex_lock (&pool.lock);
  for (;;)
    {
      struct job *job;

      while (pool.generation == seen)
        pthread_cond_wait (&pool.posted, &pool.lock);
      seen = pool.generation;
      job = pool.job;
      pthread_mutex_unlock (&pool.lock);
      run_blocks (job);
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
  pool.generation = 0;
  pool.job = NULL;
  pool.workers = 0;
  pool.busy = 0;
  pool.started = false;
  pthread_mutex_unlock (&launch_lock);
}

/* Start the workers; called with launch_lock held.  */
static void
start_pool (void)
{
  /* A child inherits this, and the handlers.  */
  static bool fork_handled;
  const char *env = getenv ("CUDAJIT_CPU_THREADS");
  long threads = sysconf (_SC_NPROCESSORS_ONLN);
  pthread_t thread;
  int error;

  if (env && *env)
    {
      char *end;
      errno = 0;
      threads = strtol (env, &end, 10);
      if (*end || errno || threads < 1 || threads > 4096)
        cudajit_die (NULL, NULL, 0,
                     "CUDAJIT_CPU_THREADS is '%s'; it must be a number "
                     "from 1 to 4096",
                     env);
    }
  /* The launching thread is one of them.  */
  for (pool.workers = 0; pool.workers + 1 < threads; pool.workers++)
    if ((error = pthread_create (&thread, NULL, worker, NULL)) != 0)
      cudajit_die (NULL, NULL, 0, "cannot start the CPU backend's threads: %s",
                   strerror (error));
  pool.started = true;
  if (!fork_handled)
    pthread_atfork (lock_for_fork, unlock_after_fork, reset_pool_in_child);
  fork_handled = true;
}

void
cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                    const struct cudajit_launch_config *config, void **args)
{
  struct job job = {
    kernel->host_entry, args, config->grid, config->block,
    (unsigned long long) config->grid.x * config->grid.y * config->grid.z, 0
  };

  pthread_mutex_lock (&launch_lock);
  if (!pool.started)
    start_pool ();
  if (pool.workers && job.blocks > 1)
    {
      pthread_mutex_lock (&pool.lock);
      pool.job = &job;
      pool.busy = pool.workers;
      pool.generation++;
      pthread_cond_broadcast (&pool.posted);
      pthread_mutex_unlock (&pool.lock);
      run_blocks (&job);
      pthread_mutex_lock (&pool.lock);
      while (pool.busy)
        pthread_cond_wait (&pool.done, &pool.lock);
      pthread_mutex_unlock (&pool.lock);
    }
  else
    run_blocks (&job);
  pthread_mutex_unlock (&launch_lock);
}
