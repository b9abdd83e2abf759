/* SPDX-License-Identifier: MIT */
/* Streams and events.  On the GPU they are the driver's.  On the CPU
   backend, where every call has done its work when it returns, a stream is
   only a handle, an event the time at which it was recorded, and every
   event has completed.  */

#include "internal.h"

#include <math.h>
#include <stdlib.h>
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

/* Whether HANDLE, given to FUNCTION, is a live object of KIND; if not,
   report it.  Set *GPU to whether the backend is the GPU.  */
static bool
check (const void *handle, enum cudajit_object_kind kind, const char *function,
       bool *gpu)
{
  *gpu = cudajit_gpu_p ();
  return cudajit_check_handle (NULL, function, handle, kind, *gpu);
}

/* End HANDLE, a stream or an event, of KIND for FUNCTION: on the GPU,
   with DRIVER_DESTROY.  */
static void
destroy (void *handle, enum cudajit_object_kind kind, const char *function,
         CUresult (*driver_destroy) (void *))
{
  bool gpu;

  /* Like free, and so that a null handle from a failed cuda_stream or
     cuda_event can be passed back.  */
  if (!handle || !check (handle, kind, function, &gpu))
    return;
  /* Before the driver, so that a new handle at the same address in
     another thread is not the one released.  */
  cudajit_release_object (handle, kind);
  if (gpu)
    cudajit_check (driver_destroy (handle), NULL, function);
}

cuda_stream_t
cuda_stream (void)
{
  CUstream stream;

  if (!cudajit_gpu_p ())
    /* A handle of its own, which is not the default stream's null.  */
    return cpu_handle (1, CUDAJIT_STREAM, 0);
  if (!cudajit_check (cudajit_cu.cuStreamCreate (&stream, CU_STREAM_DEFAULT),
                      NULL, "cuda_stream"))
    return NULL;
  cudajit_register_object (stream, 1, CUDAJIT_STREAM, CUDAJIT_NOT_MAPPED, 0,
                           0);
  return stream;
}

void
cuda_stream_synchronize (cuda_stream_t stream)
{
  bool gpu;

  if (check (stream, CUDAJIT_STREAM, "cuda_stream_synchronize", &gpu)
      && !(cudajit_graph_capturing_p ()
           && cudajit_graph_refuses_wait (stream, NULL,
                                          "cuda_stream_synchronize"))
      && gpu)
    cudajit_check (cudajit_wait_stream (cudajit_driver_stream (stream)), NULL,
                   "cuda_stream_synchronize");
  cudajit_gpu_waited ();
}

static CUresult
destroy_stream (void *stream)
{
  return cudajit_cu.cuStreamDestroy_v2 (stream);
}

void
cuda_stream_destroy (cuda_stream_t stream)
{
  if (cudajit_graph_capturing_p ()
      && cudajit_graph_refuses_destroy (stream, "cuda_stream_destroy"))
    return;
  destroy (stream, CUDAJIT_STREAM, "cuda_stream_destroy", destroy_stream);
}

/* An event made with the driver's FLAGS, for FUNCTION.  */
static cuda_event_t
make_event (unsigned int flags, const char *function)
{
  CUevent event;

  if (!cudajit_gpu_p ())
    {
      struct cpu_event *cpu_event
          = cpu_handle (sizeof *cpu_event, CUDAJIT_EVENT, flags);

      cpu_event->recorded = false;
      return (cuda_event_t) cpu_event;
    }
  if (!cudajit_check (cudajit_cu.cuEventCreate (&event, flags), NULL,
                      function))
    return NULL;
  cudajit_register_object (event, 1, CUDAJIT_EVENT, CUDAJIT_NOT_MAPPED, 0,
                           flags);
  return event;
}

cuda_event_t
cuda_event (void)
{
  return make_event (CU_EVENT_DEFAULT, "cuda_event");
}

cuda_event_t
cuda_event_without_timing (void)
{
  return make_event (CU_EVENT_DISABLE_TIMING, "cuda_event_without_timing");
}

void
cuda_event_record (cuda_event_t event, cuda_stream_t stream)
{
  bool gpu;

  if (!check (event, CUDAJIT_EVENT, "cuda_event_record", &gpu)
      || !check (stream, CUDAJIT_STREAM, "cuda_event_record", &gpu)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses (stream, NULL, "cuda_event_record")))
    return;
  if (gpu)
    cudajit_check (
        cudajit_cu.cuEventRecord (event, cudajit_driver_stream (stream)), NULL,
        "cuda_event_record");
  else
    {
      struct cpu_event *cpu_event = (struct cpu_event *) event;

      clock_gettime (CLOCK_MONOTONIC, &cpu_event->time);
      cpu_event->recorded = true;
    }
}

void
cuda_event_synchronize (cuda_event_t event)
{
  bool gpu;

  if (check (event, CUDAJIT_EVENT, "cuda_event_synchronize", &gpu) && gpu)
    cudajit_check (cudajit_wait_event (event), NULL, "cuda_event_synchronize");
  cudajit_gpu_waited ();
}

int
cuda_event_query (cuda_event_t event)
{
  CUresult r;
  bool gpu;

  if (!check (event, CUDAJIT_EVENT, "cuda_event_query", &gpu) || !gpu)
    return 1;
  r = cudajit_cu.cuEventQuery (event);
  if (r == CUDA_ERROR_NOT_READY)
    return 0;
  /* After an error too, so that a loop waiting for the event ends.  */
  cudajit_check (r, NULL, "cuda_event_query");
  return 1;
}

/* Whether EVENT, the WHICH event of cuda_event_elapsed_ms, keeps its
   time; if not, report it.  The registry knows on both backends, where
   the driver would only say that the handle is bad.  */
static bool
timed_p (cuda_event_t event, const char *which)
{
  struct cudajit_object_info info = cudajit_find_object (event);

  /* An event of the CUDA runtime or driver API is left to the driver.  */
  if (!info.known || !(info.flags & CU_EVENT_DISABLE_TIMING))
    return true;
  cudajit_error (NULL,
                 "cuda_event_elapsed_ms: the %s event, from "
                 "cuda_event_without_timing, keeps no time",
                 which);
  return false;
}

float
cuda_event_elapsed_ms (cuda_event_t start, cuda_event_t stop)
{
  const struct cpu_event *from, *to;
  float ms;
  bool gpu;

  if (!check (start, CUDAJIT_EVENT, "cuda_event_elapsed_ms", &gpu)
      || !check (stop, CUDAJIT_EVENT, "cuda_event_elapsed_ms", &gpu)
      || !timed_p (start, "start") || !timed_p (stop, "stop"))
    return NAN;
  if (gpu)
    {
      /* The driver would rather fail than wait for STOP.  */
      if (!cudajit_check (cudajit_wait_event (stop), NULL,
                          "cuda_event_elapsed_ms")
          || !cudajit_check (cudajit_cu.cuEventElapsedTime (&ms, start, stop),
                             NULL, "cuda_event_elapsed_ms"))
        return NAN;
      return ms;
    }
  from = (const struct cpu_event *) start;
  to = (const struct cpu_event *) stop;
  if (!from->recorded || !to->recorded)
    {
      cudajit_error (NULL,
                     "cuda_event_elapsed_ms: the %s event has not been "
                     "recorded",
                     from->recorded ? "stop" : "start");
      return NAN;
    }
  return (to->time.tv_sec - from->time.tv_sec) * 1e3
         + (to->time.tv_nsec - from->time.tv_nsec) / 1e6;
}

void
cuda_stream_wait_event (cuda_stream_t stream, cuda_event_t event)
{
  bool gpu;

  if (check (stream, CUDAJIT_STREAM, "cuda_stream_wait_event", &gpu)
      && check (event, CUDAJIT_EVENT, "cuda_stream_wait_event", &gpu)
      && !(cudajit_graph_capturing_p ()
           && cudajit_graph_refuses (stream, NULL, "cuda_stream_wait_event"))
      && gpu)
    cudajit_check (cudajit_cu.cuStreamWaitEvent (
                       cudajit_driver_stream (stream), event, 0),
                   NULL, "cuda_stream_wait_event");
}

/* A stream callback for the driver: FUNCTION (ARG), which may not call
   cudajit.  */
struct callback
{
  void (*function) (void *);
  void *arg;
};

static void
run_callback (void (*function) (void *), void *arg)
{
  cudajit_stream_callback = function;
  function (arg);
  cudajit_stream_callback = NULL;
}

static void
run_driver_callback (void *data)
{
  struct callback callback = *(struct callback *) data;

  free (data);
  run_callback (callback.function, callback.arg);
}

void
cuda_stream_add_callback (cuda_stream_t stream, void (*function) (void *),
                          void *arg)
{
  bool gpu;

  if (!check (stream, CUDAJIT_STREAM, "cuda_stream_add_callback", &gpu)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses (stream, NULL, "cuda_stream_add_callback")))
    return;
  if (!function)
    {
      cudajit_error (NULL, "cuda_stream_add_callback: the function is null");
      return;
    }
  if (!gpu)
    {
      run_callback (function, arg);
      return;
    }
  struct callback *callback = cudajit_xrealloc (NULL, sizeof *callback);
  *callback = (struct callback){ function, arg };
  if (!cudajit_check (
          cudajit_cu.cuLaunchHostFunc (cudajit_driver_stream (stream),
                                       run_driver_callback, callback),
          NULL, "cuda_stream_add_callback"))
    free (callback);
}

static CUresult
destroy_event (void *event)
{
  return cudajit_cu.cuEventDestroy_v2 (event);
}

void
cuda_event_destroy (cuda_event_t event)
{
  destroy (event, CUDAJIT_EVENT, "cuda_event_destroy", destroy_event);
}
