/* SPDX-License-Identifier: MIT */
/* CUDAJIT_PROFILE: where the time went, per kernel, in a table on stderr
   at exit.

   On a GPU, each launch is timed with a pair of CUDA events on its
   stream, so that profiling does not make launches wait: the pairs queue
   up, and are read when the queue is full and at exit.  A launch with
   host arrays waits for its copies anyway, and times them with events of
   its own.  On the CPU backend, where a launch returns when its grid is
   done, the times are wall times.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* What the table says of a kernel.  */
struct cudajit_profile
{
  unsigned long long launches;
  double kernel_ms;
  unsigned long long bytes_copied;
  double copy_ms;
  /* The next kernel in the table.  */
  struct cudajit_kernel *next;
};

/* The launches whose events are not read yet.  */
#define PENDING_MAX 256

static struct pending
{
  struct cudajit_kernel *kernel;
  CUevent start, stop;
  /* The GPU whose context made the events.  */
  int ordinal;
  bool made;
} pending[PENDING_MAX];
static int pending_count;

static struct cudajit_kernel *first_kernel, **last_kernel = &first_kernel;
static pthread_mutex_t profile_lock = PTHREAD_MUTEX_INITIALIZER;

static void print_profile (void);

static bool profiling;

static void
start_profiling (void)
{
  profiling = cudajit_environment ()->profile;
  if (profiling)
    atexit (print_profile);
}

bool
cudajit_profiling (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once (&once, start_profiling);
  return profiling;
}

/* KERNEL's row of the table, made at its first launch.  Under
   profile_lock.  */
static struct cudajit_profile *
row (struct cudajit_kernel *kernel)
{
  if (!kernel->profile)
    {
      kernel->profile = cudajit_xrealloc (NULL, sizeof *kernel->profile);
      *kernel->profile = (struct cudajit_profile){ 0 };
      *last_kernel = kernel;
      last_kernel = &kernel->profile->next;
    }
  return kernel->profile;
}

/* Read the events of the pending launches, waiting for them.  Under
   profile_lock, in a thread whose current context is that of the GPU
   of the events.  */
static void
read_pending (void)
{
  for (int i = 0; i < pending_count; i++)
    {
      struct pending *p = &pending[i];
      float ms = 0;
      if (cudajit_wait_event (p->stop) == CUDA_SUCCESS
          && cudajit_cu.cuEventElapsedTime (&ms, p->start, p->stop)
                 == CUDA_SUCCESS)
        row (p->kernel)->kernel_ms += ms;
    }
  pending_count = 0;
}

double
cudajit_profile_clock_ms (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

void
cudajit_profile_cpu_launch (struct cudajit_kernel *kernel, double ms)
{
  pthread_mutex_lock (&profile_lock);
  struct cudajit_profile *p = row (kernel);
  p->launches++;
  p->kernel_ms += ms;
  pthread_mutex_unlock (&profile_lock);
}

void *
cudajit_profile_gpu_start (struct cudajit_kernel *kernel, CUstream stream)
{
  int ordinal = cudajit_current_gpu->ordinal;
  struct pending *p;

  pthread_mutex_lock (&profile_lock);
  row (kernel)->launches++;
  /* The queue is read in one context: a launch on another GPU reads what
     the last one left.  */
  if (pending_count == PENDING_MAX
      || (pending_count && pending[0].ordinal != ordinal))
    read_pending ();
  p = &pending[pending_count];
  if (p->made && p->ordinal != ordinal)
    {
      cudajit_cu.cuEventDestroy_v2 (p->start);
      cudajit_cu.cuEventDestroy_v2 (p->stop);
      p->made = false;
    }
  if (!p->made
      && (p->made = cudajit_cu.cuEventCreate (&p->start, 0) == CUDA_SUCCESS
                    && cudajit_cu.cuEventCreate (&p->stop, 0) == CUDA_SUCCESS))
    p->ordinal = ordinal;
  if (!p->made || cudajit_cu.cuEventRecord (p->start, stream) != CUDA_SUCCESS)
    {
      pthread_mutex_unlock (&profile_lock);
      return NULL;
    }
  p->kernel = kernel;
  /* Held until cudajit_profile_gpu_stop.  */
  return p;
}

void
cudajit_profile_gpu_stop (void *token, CUstream stream)
{
  struct pending *p = token;
  if (!p)
    return;
  if (cudajit_cu.cuEventRecord (p->stop, stream) == CUDA_SUCCESS)
    pending_count++;
  pthread_mutex_unlock (&profile_lock);
}

void
cudajit_profile_host_arrays (struct cudajit_kernel *kernel, CUevent events[4],
                             unsigned long long bytes)
{
  float copy_in = 0, run = 0, copy_out = 0;
  if (cudajit_cu.cuEventElapsedTime (&copy_in, events[0], events[1])
          != CUDA_SUCCESS
      || cudajit_cu.cuEventElapsedTime (&run, events[1], events[2])
             != CUDA_SUCCESS
      || cudajit_cu.cuEventElapsedTime (&copy_out, events[2], events[3])
             != CUDA_SUCCESS)
    return;
  pthread_mutex_lock (&profile_lock);
  struct cudajit_profile *p = row (kernel);
  p->launches++;
  p->kernel_ms += run;
  p->copy_ms += copy_in + copy_out;
  p->bytes_copied += bytes;
  pthread_mutex_unlock (&profile_lock);
}

static void
print_profile (void)
{
  bool gpu = cudajit_current_gpu != NULL;

  /* After what the program printed, where stdout and stderr go to the
     same file.  */
  fflush (stdout);
  pthread_mutex_lock (&profile_lock);
  if (gpu)
    read_pending ();
  flockfile (stderr);
  fprintf (stderr,
           "cudajit profile (%s):\n"
           "%-24s %-16s %9s %12s %11s %11s %10s %11s\n",
           gpu ? "GPU, times from CUDA events" : "CPU backend, wall times",
           "kernel", "unit", "launches", "total ms", "mean us", "copied MB",
           "copy ms", "compile ms");
  for (struct cudajit_kernel *k = first_kernel; k; k = k->profile->next)
    {
      const struct cudajit_profile *p = k->profile;
      const struct cudajit_module *m = k->module;
      char compile[32] = "-";
      if (m->compile_ms > 0)
        snprintf (compile, sizeof compile, "%.1f %s", m->compile_ms,
                  m->compile_cached ? "(cache)" : "(NVRTC)");
      fprintf (stderr, "%-24s %-16s %9llu %12.3f %11.1f %11.2f %10.3f %11s\n",
               k->name, m->unit_name, p->launches, p->kernel_ms,
               p->launches ? p->kernel_ms * 1e3 / p->launches : 0.0,
               p->bytes_copied / 1e6, p->copy_ms, compile);
    }
  funlockfile (stderr);
  pthread_mutex_unlock (&profile_lock);
}
