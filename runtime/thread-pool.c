/* SPDX-License-Identifier: MIT */
/* The library's one pool of threads, on which the CPU backend runs the
   blocks of a launch and the transfer of host arrays copies: the calling
   thread and some workers run the same work at once, and the call returns
   when all are done.  Workers start as work first needs them and live as
   long as the process; a fork's child has none of them, and starts a pool
   of its own.  */

#include "internal.h"

#include <string.h>

/* How many times a worker that has finished, or the caller waiting for
   the workers, looks again before it sleeps, a pause apart: about a
   tenth of a millisecond, in which the next launch of a program that
   launches often finds the workers awake instead of paying for waking
   them (tens of microseconds), as OpenMP's runtimes do.  */
#define SPINS 4000

static inline void
pause_briefly (void)
{
#if defined __x86_64__ || defined __i386__
  __builtin_ia32_pause ();
#endif
}

static struct
{
  pthread_mutex_t lock;
  /* Signalled when work is posted, and when the workers are done.  */
  pthread_cond_t posted, done;
  void (*work) (void *arg, unsigned int worker);
  void *arg;
  /* How many more workers the work asks for: each that wakes takes one
     place, the next number, while there is one.  */
  unsigned int wanted, next;
  /* The workers started.  */
  unsigned int workers;
  /* Workers still running the current work, and how many times work
     was posted: both read without the lock by those who spin.  */
  atomic_uint busy;
  atomic_uint posts;
} pool = { .lock = PTHREAD_MUTEX_INITIALIZER,
           .posted = PTHREAD_COND_INITIALIZER,
           .done = PTHREAD_COND_INITIALIZER };

static _Noreturn void *
worker (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&pool.lock);
  for (;;)
    {
      void (*work) (void *, unsigned int);
      void *arg;
      unsigned int number;

      if (!pool.wanted)
        {
          unsigned int seen = atomic_load (&pool.posts);

          pthread_mutex_unlock (&pool.lock);
          for (int i = 0; i < SPINS && atomic_load (&pool.posts) == seen; i++)
            pause_briefly ();
          pthread_mutex_lock (&pool.lock);
        }
      while (!pool.wanted)
        pthread_cond_wait (&pool.posted, &pool.lock);
      pool.wanted--;
      number = ++pool.next;
      work = pool.work;
      arg = pool.arg;
      pthread_mutex_unlock (&pool.lock);
      work (arg, number);
      pthread_mutex_lock (&pool.lock);
      if (--pool.busy == 0)
        pthread_cond_signal (&pool.done);
    }
}

static void
reset_in_child (void)
{
  pthread_mutex_init (&pool.lock, NULL);
  pthread_cond_init (&pool.posted, NULL);
  pthread_cond_init (&pool.done, NULL);
  pool.wanted = pool.workers = 0;
  atomic_store (&pool.busy, 0);
}

static void
handle_forks (void)
{
  pthread_atfork (NULL, NULL, reset_in_child);
}

/* Have at least COUNT workers.  */
static void
start_workers (unsigned int count)
{
  pthread_t thread;
  int error;

  for (; pool.workers < count; pool.workers++)
    if ((error = pthread_create (&thread, NULL, worker, NULL)) != 0)
      cudajit_fatal (NULL, "cannot start the library's threads: %s",
                     strerror (error));
}

void
cudajit_pool_run (void (*work) (void *arg, unsigned int worker), void *arg,
                  unsigned int helpers)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, handle_forks);
  if (helpers)
    {
      start_workers (helpers);
      pthread_mutex_lock (&pool.lock);
      pool.work = work;
      pool.arg = arg;
      pool.next = 0;
      pool.wanted = helpers;
      atomic_store (&pool.busy, helpers);
      atomic_fetch_add (&pool.posts, 1);
      if (helpers == pool.workers)
        pthread_cond_broadcast (&pool.posted);
      else
        for (unsigned int i = 0; i < helpers; i++)
          pthread_cond_signal (&pool.posted);
      pthread_mutex_unlock (&pool.lock);
    }
  work (arg, 0);
  if (helpers)
    {
      for (int i = 0; i < SPINS && atomic_load (&pool.busy); i++)
        pause_briefly ();
      pthread_mutex_lock (&pool.lock);
      while (pool.busy)
        pthread_cond_wait (&pool.done, &pool.lock);
      pthread_mutex_unlock (&pool.lock);
    }
}
