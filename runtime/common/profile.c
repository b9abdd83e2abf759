/* SPDX-License-Identifier: MIT */
/* CUDAJIT_PROFILE: where the time went, per kernel, in a table on stderr
   at exit.  On a GPU, the times are those of CUDA events, which
   gpu-profile.c reads; on the CPU backend, where a launch returns when
   its grid is done, they are wall times.  */

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

double
cudajit_profile_clock_ms (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

void
cudajit_profile_add (struct cudajit_kernel *kernel,
                     unsigned long long launches, double kernel_ms,
                     unsigned long long bytes, double copy_ms)
{
  pthread_mutex_lock (&profile_lock);
  struct cudajit_profile *p = row (kernel);
  p->launches += launches;
  p->kernel_ms += kernel_ms;
  p->copy_ms += copy_ms;
  p->bytes_copied += bytes;
  pthread_mutex_unlock (&profile_lock);
}

void
cudajit_profile_cpu_launch (struct cudajit_kernel *kernel, double ms)
{
  cudajit_profile_add (kernel, 1, ms, 0, 0);
}

/* What reads the times that the GPU has not read yet, once it has
   some.  */
static void (*_Atomic read_times) (void);

void
cudajit_profile_set_reader (void (*reader) (void))
{
  atomic_store_explicit (&read_times, reader, memory_order_release);
}

static void
print_profile (void)
{
  bool gpu = cudajit_current_gpu != NULL;
  void (*reader) (void)
      = atomic_load_explicit (&read_times, memory_order_acquire);

  /* After what the program printed, where stdout and stderr go to the
     same file.  */
  fflush (stdout);
  if (gpu && reader)
    reader ();
  pthread_mutex_lock (&profile_lock);
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
