/* SPDX-License-Identifier: MIT */
/* The library's one pool of threads, on which the CPU backend runs the
   blocks of a launch and the transfer of host arrays copies: the calling
   thread and the workers that come in time run the same work at once, and
   the call returns when all are done.  Workers start as work first needs
   them and live as long as the process; a fork's child has none of them,
   and starts a pool of its own.

   So that a launch of small blocks costs about what an OpenMP parallel
   region does, a few microseconds, no lock is taken: the caller posts
   the work with one store, which workers looking for it see at once, and
   wakes those asleep with one call; each worker takes a number with one
   atomic operation on the ticket, and adds itself to those finished with
   another.  The caller does not wait for workers to wake up: once its own
   part is done, all the work is taken or done, and it closes the ticket,
   so that it waits only for those who took a number.  */

/* For syscall and sched_getaffinity.  */
#define _GNU_SOURCE

#include "internal.h"

#include <linux/futex.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* How long a worker that has finished, or the caller waiting for the
   workers, looks again before it sleeps: a tenth of a millisecond, in
   which the next launch of a program that launches often finds the
   workers awake instead of paying for waking them (tens of microseconds),
   as OpenMP's runtimes do; a program that launches once, then computes on
   the host, loses no more than that of each core.  */
#define SPIN_NS 100000L

/* How many pauses between two looks at the clock: enough that reading it
   costs little, few enough to stop soon after SPIN_NS.  */
#define PAUSES_PER_CLOCK 64

/* The low half of the ticket is this plus the numbers left to take: a
   worker that finds none left takes the half below it, by no more than
   the number of workers, and leaves the generation in the high half as it
   was.  */
#define TICKET_BIAS (1u << 31)

static inline void
pause_briefly (void)
{
#if defined __x86_64__ || defined __i386__
  __builtin_ia32_pause ();
#endif
}

static struct
{
  void (*work) (void *arg, unsigned int worker);
  void *arg;
  /* How many times work was posted: what workers wait on to change.  */
  atomic_uint posted;
  /* That count in the high half, and TICKET_BIAS plus the numbers that
     workers may still take in the low half.  */
  atomic_ullong ticket;
  /* Workers asleep until POSTED changes.  */
  atomic_uint sleepers;
  /* How many workers that took a number have returned from the work, and
     whether the caller sleeps until that changes: apart from what the
     workers read at the start.  */
  _Alignas(CUDAJIT_CACHE_LINE) atomic_uint finished;
  atomic_uint caller_sleeps;
  /* The workers started; and whether with the caller they are more than
     the cores that the process may run on, when those who spin take the
     cores from those who work.  */
  unsigned int workers;
  atomic_bool crowded;
} pool;

static void
futex_wait (atomic_uint *word, unsigned int value)
{
  syscall (SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
}

static void
futex_wake (atomic_uint *word, int count)
{
  syscall (SYS_futex, word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

static long
nanoseconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Wait until *WORD is no longer VALUE: looking for SPIN_NS, unless the
   pool is crowded, then asleep, counted in *SLEEPERS, until woken.  */
static void
wait_for_change (atomic_uint *word, unsigned int value, atomic_uint *sleepers)
{
  if (!atomic_load_explicit (&pool.crowded, memory_order_relaxed))
    {
      long start = nanoseconds ();

      do
        for (int i = 0; i < PAUSES_PER_CLOCK; i++)
          {
            if (atomic_load_explicit (word, memory_order_acquire) != value)
              return;
            pause_briefly ();
          }
      while (nanoseconds () - start < SPIN_NS);
    }
  /* Either the waker sees the count, or this thread sees the change.  */
  atomic_fetch_add (sleepers, 1);
  while (atomic_load (word) == value)
    futex_wait (word, value);
  atomic_fetch_sub (sleepers, 1);
}

/* Whether generation NOW comes after SEEN, as they wrap around.  */
static bool
later (unsigned int now, unsigned int seen)
{
  return (int) (now - seen) > 0;
}

static _Noreturn void *
worker (void *start)
{
  /* The generation before the one that started it.  */
  unsigned int seen = (uintptr_t) start;

  for (;;)
    {
      unsigned int now;
      unsigned long long ticket;

      while (!later (now = atomic_load (&pool.posted), seen))
        wait_for_change (&pool.posted, now, &pool.sleepers);
      ticket = atomic_fetch_sub (&pool.ticket, 1);
      seen = ticket >> 32;
      if ((unsigned int) ticket <= TICKET_BIAS)
        continue;
      pool.work (pool.arg, (unsigned int) ticket - TICKET_BIAS);
      atomic_fetch_add (&pool.finished, 1);
      if (atomic_load (&pool.caller_sleeps))
        futex_wake (&pool.finished, 1);
    }
}

static void
reset_in_child (void)
{
  pool.workers = 0;
  atomic_store (&pool.sleepers, 0);
  atomic_store (&pool.caller_sleeps, 0);
}

static void
handle_forks (void)
{
  pthread_atfork (NULL, NULL, reset_in_child);
}

/* Have at least COUNT workers, waiting for the next generation.  */
static void
start_workers (unsigned int count)
{
  uintptr_t generation = atomic_load (&pool.posted);
  long cores;
  cpu_set_t set;
  pthread_t thread;
  int error;

  if (count <= pool.workers)
    return;
  for (; pool.workers < count; pool.workers++)
    if ((error = pthread_create (&thread, NULL, worker, (void *) generation))
        != 0)
      cudajit_fatal (NULL, "cannot start the library's threads: %s",
                     strerror (error));
  cores = sched_getaffinity (0, sizeof set, &set) == 0
              ? CPU_COUNT (&set)
              : sysconf (_SC_NPROCESSORS_ONLN);
  atomic_store_explicit (&pool.crowded, pool.workers >= cores,
                         memory_order_relaxed);
}

void
cudajit_pool_run (void (*work) (void *arg, unsigned int worker), void *arg,
                  unsigned int helpers)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  unsigned long long generation;
  unsigned int left, joined, finished;

  pthread_once (&once, handle_forks);
  if (!helpers)
    {
      work (arg, 0);
      return;
    }
  start_workers (helpers);
  /* The caller alone writes these, once the last work's workers have
     finished.  */
  generation = atomic_load (&pool.posted) + 1;
  pool.work = work;
  pool.arg = arg;
  atomic_store (&pool.finished, 0);
  atomic_store (&pool.ticket, generation << 32 | (TICKET_BIAS + helpers));
  atomic_store (&pool.posted, generation);
  if (atomic_load (&pool.sleepers))
    futex_wake (&pool.posted, helpers);
  work (arg, 0);
  /* What is left, the workers that come later would find done.  */
  left = (unsigned int) atomic_exchange (&pool.ticket,
                                         generation << 32 | TICKET_BIAS);
  joined = helpers - (left > TICKET_BIAS ? left - TICKET_BIAS : 0);
  while ((finished = atomic_load (&pool.finished)) != joined)
    wait_for_change (&pool.finished, finished, &pool.caller_sleeps);
}
