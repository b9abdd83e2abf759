/* SPDX-License-Identifier: MIT */
/* The compilation of a module's other kernels in a thread of its own,
   started once the first kernel launched has run, so that the program's
   own work after it hides the compilation, and the first launch of
   another kernel waits for no more than what is left of it (gpu-jit.c);
   and of a kernel's variants (gpu-specialize.c).  Exit waits for them,
   a while (wait_at_exit).  */

/* For SCHED_IDLE and on_exit.  */
#define _GNU_SOURCE
#include "gpu-background-compile.h"

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
  /* Whether it runs in a thread of its own, rather than ended at its
     start.  */
  bool in_thread;
};

/* How long exit waits for the compilations still running, at the
   program's priority: longer than NVRTC takes for any unit of ours, but
   a bound, should one be stuck (on the cache's lock of another process
   that is stopped, say).  */
#define EXIT_WAIT_SECONDS 10

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ended = PTHREAD_COND_INITIALIZER;
/* The compilations running, under the lock.  */
static struct cudajit_background_compile *running;
/* Whether exit has begun, after which none starts.  Under the lock.  */
static bool exiting;
/* The process that started them: a child that fork made has none.  */
static pid_t starter;
/* The compilation that the calling thread runs, if it is one of
   theirs.  */
static __thread struct cudajit_background_compile *own;

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

/* Whether a compilation runs in another thread than the calling one.
   Under the lock.  */
static bool
others_running (void)
{
  for (struct cudajit_background_compile *b = running; b; b = b->next_running)
    if (b != own)
      return true;
  return false;
}

/* At exit, NVRTC's exit functions (the destructors of its objects) would
   run under a compilation still running, which would crash, or hang on
   what they tore down; so exit waits for it first, up to
   EXIT_WAIT_SECONDS, and no other starts.  Exit functions run in the
   reverse order of their registration, and NVRTC registers its own as
   it is loaded and as it first compiles, in whatever thread: so this one
   is registered once NVRTC has compiled something, and no compilation
   runs in the background before (cudajit_compile_in_background).  A
   compilation that still runs at the bound is left to the end of the
   process, which comes at once, the program's streams flushed, before
   anything is torn down under it: its code is not kept, and the next run
   compiles it again.  Exit from a compilation's own thread, for an error
   that ends the program, waits for the others.  */
static void
wait_at_exit (int status, void *unused)
{
  struct timespec deadline;
  int waited = 0;

  (void) unused;
  if (getpid () != starter)
    return;
  clock_gettime (CLOCK_REALTIME, &deadline);
  deadline.tv_sec += EXIT_WAIT_SECONDS;
  pthread_mutex_lock (&lock);
  exiting = true;
  if (others_running ())
    cudajit_verbose ("waiting at exit for NVRTC to finish compiling");
  for (struct cudajit_background_compile *b = running; b; b = b->next_running)
    if (b != own)
      hurry (b);
  while (others_running () && waited != ETIMEDOUT)
    waited = pthread_cond_timedwait (&ended, &lock, &deadline);
  bool abandoned = others_running ();
  pthread_mutex_unlock (&lock);
  if (!abandoned)
    return;
  cudajit_report (CUDAJIT_WARNING_PREFIX, NULL,
                  "NVRTC is still compiling in the background after %d s "
                  "at exit: the program ends now, without the exit "
                  "functions left, which would tear NVRTC down under it",
                  EXIT_WAIT_SECONDS);
  fflush (NULL);
  _exit (status);
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
  on_exit (wait_at_exit, NULL);
}

/* Wait SECONDS, as CUDAJIT_TEST_COMPILE_DELAY asks, for a test to have
   the program exit while a compilation runs.  */
static void
test_delay (double seconds)
{
  struct timespec left
      = { (time_t) seconds, (long) ((seconds - (time_t) seconds) * 1e9) };

  while (nanosleep (&left, &left) != 0 && errno == EINTR)
    ;
}

/* Compile B, and mark it done, no longer running: once the lock is
   released, the program may take it and free it.  */
static void
compile_now (struct cudajit_background_compile *b)
{
  double start = cudajit_profile_clock_ms ();
  const char *error = cudajit_nvrtc_compile (b->source, b->name, b->arch,
                                             b->flags, true, &b->image);
  pthread_mutex_lock (&lock);
  b->error = error;
  b->ms = cudajit_profile_clock_ms () - start;
  b->done = true;
  if (b->in_thread)
    unlink_running (b);
  pthread_cond_broadcast (&ended);
  pthread_mutex_unlock (&lock);
}

static void *
compile_in_background (void *data)
{
  struct cudajit_background_compile *b = data;

  own = b;
  /* Where a core is idle it runs there, but it takes no time from the
     program's threads, until one waits for it.  */
  struct sched_param idle = { 0 };
  pthread_mutex_lock (&lock);
  if (!b->waited)
    sched_setscheduler (0, SCHED_IDLE, &idle);
  b->thread_id = gettid ();
  pthread_mutex_unlock (&lock);
  test_delay (cudajit_environment ()->test_compile_delay);
  compile_now (b);
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
  struct cudajit_background_compile *b = cudajit_xrealloc (NULL, sizeof *b);
  *b = (struct cudajit_background_compile){
    .source = source, .name = name, .arch = arch, .flags = flags
  };
  /* Before NVRTC has compiled, exit would tear it down first (see
     wait_at_exit): the cache has the code, or this is its first
     compilation.  */
  if (!cudajit_nvrtc_has_compiled ())
    {
      compile_now (b);
      return b;
    }
  pthread_once (&once, register_wait_at_exit);
  b->in_thread = true;
  pthread_mutex_lock (&lock);
  bool late = exiting;
  if (!late)
    {
      b->next_running = running;
      running = b;
    }
  pthread_mutex_unlock (&lock);
  if (late)
    {
      discard (b);
      return NULL;
    }
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
cudajit_background_in_thread (const struct cudajit_background_compile *b)
{
  return b->in_thread;
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
