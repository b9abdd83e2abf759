/* SPDX-License-Identifier: MIT */
/* The compilation of a module's other kernels in a thread of its own,
   started once the first kernel launched has run, so that the program's
   own work after it hides the compilation, and the first launch of
   another kernel waits for no more than what is left of it (gpu-jit.c).  */

/* For SCHED_IDLE.  */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

struct cudajit_background_compile
{
  char *source, *name;
  int arch, flags;
  /* Under the lock: whether the program waits for it, the thread's id
     once it runs, whether it has ended, and the next running.  */
  bool waited;
  pid_t thread_id;
  bool done;
  struct cudajit_background_compile *next_running;
  const char *error;
  struct cudajit_image image;
  double ms;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ended = PTHREAD_COND_INITIALIZER;
/* The compilations running, under the lock.  */
static struct cudajit_background_compile *running;
/* The process that started them: a child that fork made has none.  */
static pid_t starter;
/* Whether the calling thread is one of them.  */
static __thread bool compiling_here;

/* At exit, NVRTC's destructors would run under a compilation still
   running; so exit waits for it, unless a compilation itself exits, for
   an error that ends the program.  Exit runs this before them if it was
   registered after NVRTC had compiled something, which registers them.  */
/* Let B's thread, which the program now waits for, run as the
   program's own do.  Under the lock, a thread that has not ended has its
   id.  */
static void
hurry (struct cudajit_background_compile *b)
{
  struct sched_param normal = { 0 };

  b->waited = true;
  if (!b->done && b->thread_id)
    sched_setscheduler (b->thread_id, SCHED_OTHER, &normal);
}

static void
wait_at_exit (void)
{
  if (compiling_here || getpid () != starter)
    return;
  pthread_mutex_lock (&lock);
  if (running)
    cudajit_verbose ("waiting at exit for NVRTC to finish compiling");
  for (struct cudajit_background_compile *b = running; b; b = b->next_running)
    hurry (b);
  while (running)
    pthread_cond_wait (&ended, &lock);
  pthread_mutex_unlock (&lock);
}

/* Take B from the running.  Under the lock.  */
static void
unlink_running (struct cudajit_background_compile *b)
{
  struct cudajit_background_compile **p = &running;

  while (*p != b)
    p = &(*p)->next_running;
  *p = b->next_running;
}

static void
register_wait_at_exit (void)
{
  starter = getpid ();
  atexit (wait_at_exit);
}

/* Wait SECONDS, as CUDAJIT_TEST_COMPILE_DELAY asks, for a test to have
   the program exit while a compilation runs.  */
static void
test_delay (double seconds)
{
  struct timespec left = { (time_t) seconds,
                           (long) ((seconds - (time_t) seconds) * 1e9) };

  while (nanosleep (&left, &left) != 0 && errno == EINTR)
    ;
}

static void *
compile_in_background (void *data)
{
  struct cudajit_background_compile *b = data;

  compiling_here = true;
  /* Where a core is idle it runs there, but it takes no time from the
     program's threads, until one waits for it.  */
  struct sched_param idle = { 0 };
  pthread_mutex_lock (&lock);
  if (!b->waited)
    sched_setscheduler (0, SCHED_IDLE, &idle);
  b->thread_id = gettid ();
  pthread_mutex_unlock (&lock);
  double start = cudajit_profile_clock_ms ();
  test_delay (cudajit_environment ()->test_compile_delay);
  const char *error = cudajit_nvrtc_compile (b->source, b->name, b->arch,
                                             b->flags, true, &b->image);
  pthread_mutex_lock (&lock);
  b->error = error;
  b->ms = cudajit_profile_clock_ms () - start;
  b->done = true;
  unlink_running (b);
  pthread_cond_broadcast (&ended);
  pthread_mutex_unlock (&lock);
  return NULL;
}

/* Free B, which no thread uses.  */
static void
discard (struct cudajit_background_compile *b)
{
  free (b->name);
  free (b->source);
  free (b);
}

struct cudajit_background_compile *
cudajit_compile_in_background (char *source, char *name, int arch, int flags)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  int processes;
  pthread_attr_t attributes;
  pthread_t thread;
  sigset_t all, old;

  /* With one core, the compilation would slow the program; a child that
     fork made would not wait for it at exit.  */
  if (!cudajit_environment ()->background_compile
      || cudajit_cpu_share (&processes) < 2
      || (starter && getpid () != starter))
    {
      free (source);
      free (name);
      return NULL;
    }
  pthread_once (&once, register_wait_at_exit);
  struct cudajit_background_compile *b = cudajit_xrealloc (NULL, sizeof *b);
  *b = (struct cudajit_background_compile){
    .source = source, .name = name, .arch = arch, .flags = flags
  };
  pthread_mutex_lock (&lock);
  b->next_running = running;
  running = b;
  pthread_mutex_unlock (&lock);
  /* The program's signals are for its own threads.  */
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_attr_init (&attributes);
  pthread_attr_setdetachstate (&attributes, PTHREAD_CREATE_DETACHED);
  bool started
      = pthread_create (&thread, &attributes, compile_in_background, b) == 0;
  pthread_attr_destroy (&attributes);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (started)
    return b;
  pthread_mutex_lock (&lock);
  unlink_running (b);
  pthread_mutex_unlock (&lock);
  discard (b);
  return NULL;
}

bool
cudajit_background_done (struct cudajit_background_compile *b)
{
  pthread_mutex_lock (&lock);
  bool done = b->done;
  pthread_mutex_unlock (&lock);
  return done;
}

bool
cudajit_background_image (struct cudajit_background_compile *b,
                          struct cudajit_image *image, double *ms)
{
  pthread_mutex_lock (&lock);
  hurry (b);
  while (!b->done)
    pthread_cond_wait (&ended, &lock);
  pthread_mutex_unlock (&lock);
  bool compiled = !b->error;
  if (compiled)
    {
      *image = b->image;
      *ms = b->ms;
    }
  else
    {
      free (b->image.code);
      free (b->image.log);
    }
  discard (b);
  return compiled;
}
