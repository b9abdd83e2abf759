/* SPDX-License-Identifier: MIT */
/* Streams and events: the checks of their handles, the registry and graph
   capture, around what each backend does with them (gpu-stream.c,
   cpu-stream.c).  */

#include "internal.h"

#include <math.h>

/* Whether HANDLE, given to FUNCTION, is a live object of KIND; if not,
   report it.  Set *OPS to the backend's operations.  */
static bool
check (const void *handle, enum cudajit_object_kind kind, const char *function,
       const struct cudajit_backend_ops **ops)
{
  *ops = cudajit_backend_ops ();
  return cudajit_check_handle (NULL, function, handle, kind, (*ops)->gpu);
}

/* Release HANDLE, a stream or an event of KIND, for FUNCTION: whether it
   was one, for *OPS to end.  */
static bool
release (void *handle, enum cudajit_object_kind kind, const char *function,
         const struct cudajit_backend_ops **ops)
{
  /* Like free, and so that a null handle from a failed cuda_stream or
     cuda_event can be passed back.  */
  if (!handle || !check (handle, kind, function, ops))
    return false;
  /* Before the driver, so that a new handle at the same address in
     another thread is not the one released.  */
  cudajit_release_object (handle, kind);
  return true;
}

cuda_stream_t
cuda_stream (void)
{
  return cudajit_backend_ops ()->stream_create ("cuda_stream");
}

void
cuda_stream_synchronize (cuda_stream_t stream)
{
  const struct cudajit_backend_ops *ops;

  if (check (stream, CUDAJIT_STREAM, "cuda_stream_synchronize", &ops)
      && !(cudajit_graph_capturing_p ()
           && cudajit_graph_refuses_wait (stream, NULL,
                                          "cuda_stream_synchronize")))
    ops->stream_synchronize (stream, "cuda_stream_synchronize");
  cudajit_gpu_waited ();
}

void
cuda_stream_destroy (cuda_stream_t stream)
{
  const struct cudajit_backend_ops *ops;

  if (cudajit_graph_capturing_p ()
      && cudajit_graph_refuses_destroy (stream, "cuda_stream_destroy"))
    return;
  if (release (stream, CUDAJIT_STREAM, "cuda_stream_destroy", &ops))
    ops->stream_destroy (stream, "cuda_stream_destroy");
}

cuda_event_t
cuda_event (void)
{
  return cudajit_backend_ops ()->event_create (CU_EVENT_DEFAULT, "cuda_event");
}

cuda_event_t
cuda_event_without_timing (void)
{
  return cudajit_backend_ops ()->event_create (CU_EVENT_DISABLE_TIMING,
                                               "cuda_event_without_timing");
}

void
cuda_event_record (cuda_event_t event, cuda_stream_t stream)
{
  const struct cudajit_backend_ops *ops;

  if (!check (event, CUDAJIT_EVENT, "cuda_event_record", &ops)
      || !check (stream, CUDAJIT_STREAM, "cuda_event_record", &ops)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses (stream, NULL, "cuda_event_record")))
    return;
  ops->event_record (event, stream, "cuda_event_record");
}

void
cuda_event_synchronize (cuda_event_t event)
{
  const struct cudajit_backend_ops *ops;

  if (check (event, CUDAJIT_EVENT, "cuda_event_synchronize", &ops))
    ops->event_synchronize (event, "cuda_event_synchronize");
  cudajit_gpu_waited ();
}

int
cuda_event_query (cuda_event_t event)
{
  const struct cudajit_backend_ops *ops;

  if (!check (event, CUDAJIT_EVENT, "cuda_event_query", &ops))
    return 1;
  return ops->event_query (event, "cuda_event_query");
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
  const struct cudajit_backend_ops *ops;

  if (!check (start, CUDAJIT_EVENT, "cuda_event_elapsed_ms", &ops)
      || !check (stop, CUDAJIT_EVENT, "cuda_event_elapsed_ms", &ops)
      || !timed_p (start, "start") || !timed_p (stop, "stop"))
    return NAN;
  return ops->event_elapsed_ms (start, stop, "cuda_event_elapsed_ms");
}

void
cuda_stream_wait_event (cuda_stream_t stream, cuda_event_t event)
{
  const struct cudajit_backend_ops *ops;

  if (check (stream, CUDAJIT_STREAM, "cuda_stream_wait_event", &ops)
      && check (event, CUDAJIT_EVENT, "cuda_stream_wait_event", &ops)
      && !(cudajit_graph_capturing_p ()
           && cudajit_graph_refuses (stream, NULL, "cuda_stream_wait_event")))
    ops->stream_wait_event (stream, event, "cuda_stream_wait_event");
}

void
cuda_stream_add_callback (cuda_stream_t stream, void (*function) (void *),
                          void *arg)
{
  const struct cudajit_backend_ops *ops;

  if (!check (stream, CUDAJIT_STREAM, "cuda_stream_add_callback", &ops)
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_refuses (stream, NULL, "cuda_stream_add_callback")))
    return;
  if (!function)
    {
      cudajit_error (NULL, "cuda_stream_add_callback: the function is null");
      return;
    }
  ops->stream_add_callback (stream, function, arg, "cuda_stream_add_callback");
}

void
cuda_event_destroy (cuda_event_t event)
{
  const struct cudajit_backend_ops *ops;

  if (release (event, CUDAJIT_EVENT, "cuda_event_destroy", &ops))
    ops->event_destroy (event, "cuda_event_destroy");
}
