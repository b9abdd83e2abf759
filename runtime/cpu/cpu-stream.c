/* SPDX-License-Identifier: MIT */
/* The CPU backend's streams and events (backend.h).  Every call has done
   its work when it returns, so a stream is only a handle, an event the
   time at which it was recorded, and every event has completed.  */

#include "internal.h"

#include <math.h>
#include <time.h>

/* What a cuda_event_t points to on the CPU backend.  */
struct cpu_event
{
  struct timespec time;
  bool recorded;
};

/* A handle of the CPU backend for an object of KIND, of BYTES, made
   with the driver's FLAGS.  */
static void *
cpu_handle (size_t bytes, enum cudajit_object_kind kind, unsigned int flags)
{
  enum cudajit_host_mapping mapping;
  void *handle = cudajit_host_allocate (bytes, CUDAJIT_HOST_ALIGN, &mapping);

  if (!handle)
    cudajit_fatal (NULL, "out of memory allocating %zu bytes", bytes);
  cudajit_register_object (handle, bytes, kind, mapping, 0, flags);
  return handle;
}

cuda_stream_t
cudajit_cpu_stream_create (const char *function)
{
  /* A handle of its own, which is not the default stream's null.  */
  return cpu_handle (1, CUDAJIT_STREAM, 0);
}

void
cudajit_cpu_stream_destroy (cuda_stream_t stream, const char *function)
{
}

void
cudajit_cpu_stream_synchronize (cuda_stream_t stream, const char *function)
{
}

void
cudajit_cpu_stream_wait_event (cuda_stream_t stream, cuda_event_t event,
                               const char *function)
{
}

void
cudajit_cpu_stream_add_callback (cuda_stream_t stream,
                                 void (*function) (void *), void *arg,
                                 const char *caller)
{
  cudajit_run_stream_callback (function, arg);
}

cuda_event_t
cudajit_cpu_event_create (unsigned int flags, const char *function)
{
  struct cpu_event *cpu_event
      = cpu_handle (sizeof *cpu_event, CUDAJIT_EVENT, flags);

  cpu_event->recorded = false;
  return (cuda_event_t) cpu_event;
}

void
cudajit_cpu_event_destroy (cuda_event_t event, const char *function)
{
}

void
cudajit_cpu_event_record (cuda_event_t event, cuda_stream_t stream,
                          const char *function)
{
  struct cpu_event *cpu_event = (struct cpu_event *) event;

  clock_gettime (CLOCK_MONOTONIC, &cpu_event->time);
  cpu_event->recorded = true;
}

void
cudajit_cpu_event_synchronize (cuda_event_t event, const char *function)
{
}

int
cudajit_cpu_event_query (cuda_event_t event, const char *function)
{
  return 1;
}

float
cudajit_cpu_event_elapsed_ms (cuda_event_t start, cuda_event_t stop,
                              const char *function)
{
  const struct cpu_event *from = (const struct cpu_event *) start;
  const struct cpu_event *to = (const struct cpu_event *) stop;

  if (!from->recorded || !to->recorded)
    {
      cudajit_error (NULL, "%s: the %s event has not been recorded", function,
                     from->recorded ? "stop" : "start");
      return NAN;
    }
  return (to->time.tv_sec - from->time.tv_sec) * 1e3
         + (to->time.tv_nsec - from->time.tv_nsec) / 1e6;
}
