/* SPDX-License-Identifier: MIT */
/* CUDAJIT_TIMEOUT: a kernel that runs longer ends the program.

   The threads that run a kernel on the CPU backend, or that wait for one
   on the GPU, are the ones that cannot notice: a thread of its own, started
   with the first watch, sleeps until the earliest deadline of the waits
   that it watches.  Neither backend can stop a kernel and go on, so the
   end is at once, as a fault's is: exit's handlers would wait for the
   kernel (the profile's events), or for the locks of the threads that run
   it (stdio's).  */

#include "internal.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

static struct
{
  pthread_mutex_t lock;
  /* Signalled when a watch begins, which may be the earliest.  */
  pthread_cond_t begun;
  /* The watches in progress, in no order.  */
  struct cudajit_watch *watches;
  bool started;
} watchdog = { .lock = PTHREAD_MUTEX_INITIALIZER };

static bool
before (const struct timespec *a, const struct timespec *b)
{
  return a->tv_sec < b->tv_sec
         || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static _Noreturn __attribute__ ((format (printf, 2, 3))) void
time_out (const struct cudajit_site *site, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_write_line (CUDAJIT_ERROR_PREFIX, site, format, ap);
  va_end (ap);
  _exit (1);
}

static _Noreturn void *
watch_thread (void *unused)
{
  double timeout = cudajit_environment ()->timeout;

  (void) unused;
  pthread_mutex_lock (&watchdog.lock);
  for (;;)
    {
      struct cudajit_watch *first = watchdog.watches;
      struct timespec now;

      for (struct cudajit_watch *w = first; w; w = w->next)
        if (before (&w->deadline, &first->deadline))
          first = w;
      if (!first)
        {
          pthread_cond_wait (&watchdog.begun, &watchdog.lock);
          continue;
        }
      clock_gettime (CLOCK_MONOTONIC, &now);
      /* A wait for the GPU may come before any launch: then no kernel
         is known to blame.  */
      if (!before (&now, &first->deadline))
        {
          const char *spinning = atomic_load (&first->spinning);

          if (spinning)
            time_out (&first->site,
                      "still running after the %g s of CUDAJIT_TIMEOUT: "
                      "its threads wait in the loop at %s for memory that "
                      "another thread changes; a thread that waits for "
                      "another block may wait forever, on the CPU backend "
                      "as on a GPU, where CUDA does not promise that the "
                      "blocks of a launch run at once",
                      timeout, spinning);
          time_out (&first->site,
                    first->site.kernel
                        ? "still running after the %g s of CUDAJIT_TIMEOUT"
                        : "the GPU is still busy after the %g s of "
                          "CUDAJIT_TIMEOUT",
                    timeout);
        }
      pthread_cond_timedwait (&watchdog.begun, &watchdog.lock,
                              &first->deadline);
    }
}

/* A fork's child has no watchdog thread, nor the waits of the parent's
   other threads.  */
static void
reset_in_child (void)
{
  pthread_mutex_init (&watchdog.lock, NULL);
  watchdog.watches = NULL;
  watchdog.started = false;
}

static void
handle_forks (void)
{
  pthread_atfork (NULL, NULL, reset_in_child);
}

/* Start the thread, with watchdog.lock held.  */
static void
start_watchdog (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_condattr_t attributes;
  pthread_t thread;
  int error;

  pthread_condattr_init (&attributes);
  pthread_condattr_setclock (&attributes, CLOCK_MONOTONIC);
  pthread_cond_init (&watchdog.begun, &attributes);
  pthread_condattr_destroy (&attributes);
  if ((error = pthread_create (&thread, NULL, watch_thread, NULL)) != 0)
    cudajit_fatal (NULL, "cannot start the thread of CUDAJIT_TIMEOUT: %s",
                   strerror (error));
  pthread_detach (thread);
  pthread_once (&once, handle_forks);
  watchdog.started = true;
}

void
cudajit_watch (struct cudajit_watch *watch, const struct cudajit_site *site)
{
  double timeout = cudajit_environment ()->timeout;
  struct timespec *deadline = &watch->deadline;

  watch->armed = timeout > 0;
  if (!watch->armed)
    return;
  watch->site = *site;
  atomic_init (&watch->spinning, NULL);
  clock_gettime (CLOCK_MONOTONIC, deadline);
  deadline->tv_sec += (time_t) timeout;
  deadline->tv_nsec += (long) ((timeout - (time_t) timeout) * 1e9);
  if (deadline->tv_nsec >= 1000000000L)
    {
      deadline->tv_sec++;
      deadline->tv_nsec -= 1000000000L;
    }
  pthread_mutex_lock (&watchdog.lock);
  if (!watchdog.started)
    start_watchdog ();
  watch->next = watchdog.watches;
  watchdog.watches = watch;
  pthread_cond_signal (&watchdog.begun);
  pthread_mutex_unlock (&watchdog.lock);
}

void
cudajit_unwatch (struct cudajit_watch *watch)
{
  if (!watch->armed)
    return;
  pthread_mutex_lock (&watchdog.lock);
  for (struct cudajit_watch **w = &watchdog.watches; *w; w = &(*w)->next)
    if (*w == watch)
      {
        *w = watch->next;
        break;
      }
  pthread_mutex_unlock (&watchdog.lock);
}
