/* SPDX-License-Identifier: MIT */
/* CUDAJIT_PROFILE's times on a GPU (profile.c keeps the table): each
   launch is timed with a pair of CUDA events on its stream, so that
   profiling does not make launches wait: the pairs queue up, and are read
   when the queue is full and at exit.  A launch with host arrays waits
   for its copies anyway, and times them with events of its own.  */

#include "internal.h"

#include <pthread.h>

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

static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

/* Read the events of the pending launches, waiting for them.  Under
   pending_lock, in a thread whose current context is that of the GPU
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
        cudajit_profile_add (p->kernel, 0, ms, 0, 0);
    }
  pending_count = 0;
}

/* At exit, the launches not read yet.  */
static void
read_at_exit (void)
{
  pthread_mutex_lock (&pending_lock);
  read_pending ();
  pthread_mutex_unlock (&pending_lock);
}

void *
cudajit_profile_gpu_start (struct cudajit_kernel *kernel, CUstream stream)
{
  int ordinal = cudajit_current_gpu->ordinal;
  struct pending *p;

  pthread_mutex_lock (&pending_lock);
  cudajit_profile_add (kernel, 1, 0, 0, 0);
  cudajit_profile_set_reader (read_at_exit);
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
      pthread_mutex_unlock (&pending_lock);
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
  pthread_mutex_unlock (&pending_lock);
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
  cudajit_profile_add (kernel, 1, run, bytes, copy_in + copy_out);
}
