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

/* Whether EVENT, given to FUNCTION, is an event; if not, report it.  Of a
   null one, the driver would only say that the handle is bad, and the CPU
   backend would crash.  */
static bool
check_event (cuda_event_t event, const char *function)
{
  if (!event)
    cudajit_fatal (NULL, NULL, 0, "%s: the event is null", function);
  return event;
}

cuda_stream_t
cuda_stream (void)
{
  CUstream stream;

  if (!cudajit_gpu_p ())
    /* A handle of its own, which is not the default stream's null.  */
    return cudajit_xrealloc (NULL, 1);
  if (!cudajit_check (cudajit_cu.cuStreamCreate (&stream, CU_STREAM_DEFAULT),
                      NULL, NULL, 0, "cuda_stream"))
    return NULL;
  return stream;
}

void
cuda_stream_synchronize (cuda_stream_t stream)
{
  if (cudajit_gpu_p ())
    cudajit_check (cudajit_cu.cuStreamSynchronize (stream), NULL, NULL, 0,
                   "cuda_stream_synchronize");
}

void
cuda_stream_destroy (cuda_stream_t stream)
{
  /* Like free, and so that a null stream from a failed cuda_stream can be
     passed back.  */
  if (!stream)
    return;
  if (!cudajit_gpu_p ())
    free (stream);
  else
    cudajit_check (cudajit_cu.cuStreamDestroy_v2 (stream), NULL, NULL, 0,
                   "cuda_stream_destroy");
}

cuda_event_t
cuda_event (void)
{
  CUevent event;

  if (!cudajit_gpu_p ())
    {
      struct cpu_event *cpu_event = cudajit_xrealloc (NULL, sizeof *cpu_event);

      cpu_event->recorded = false;
      return (cuda_event_t) cpu_event;
    }
  if (!cudajit_check (cudajit_cu.cuEventCreate (&event, CU_EVENT_DEFAULT),
                      NULL, NULL, 0, "cuda_event"))
    return NULL;
  return event;
}

void
cuda_event_record (cuda_event_t event, cuda_stream_t stream)
{
  if (!check_event (event, "cuda_event_record"))
    return;
  if (cudajit_gpu_p ())
    cudajit_check (cudajit_cu.cuEventRecord (event, stream), NULL, NULL, 0,
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
  if (check_event (event, "cuda_event_synchronize") && cudajit_gpu_p ())
    cudajit_check (cudajit_cu.cuEventSynchronize (event), NULL, NULL, 0,
                   "cuda_event_synchronize");
}

int
cuda_event_query (cuda_event_t event)
{
  CUresult r;

  if (!check_event (event, "cuda_event_query") || !cudajit_gpu_p ())
    return 1;
  r = cudajit_cu.cuEventQuery (event);
  if (r == CUDA_ERROR_NOT_READY)
    return 0;
  /* After an error too, so that a loop waiting for the event ends.  */
  cudajit_check (r, NULL, NULL, 0, "cuda_event_query");
  return 1;
}

float
cuda_event_elapsed_ms (cuda_event_t start, cuda_event_t stop)
{
  const struct cpu_event *from, *to;
  float ms;

  if (!check_event (start, "cuda_event_elapsed_ms")
      || !check_event (stop, "cuda_event_elapsed_ms"))
    return NAN;
  if (cudajit_gpu_p ())
    {
      /* The driver would rather fail than wait for STOP.  */
      if (!cudajit_check (cudajit_cu.cuEventSynchronize (stop), NULL, NULL, 0,
                          "cuda_event_elapsed_ms")
          || !cudajit_check (cudajit_cu.cuEventElapsedTime (&ms, start, stop),
                             NULL, NULL, 0, "cuda_event_elapsed_ms"))
        return NAN;
      return ms;
    }
  from = (const struct cpu_event *) start;
  to = (const struct cpu_event *) stop;
  if (!from->recorded || !to->recorded)
    {
      cudajit_fatal (NULL, NULL, 0,
                     "cuda_event_elapsed_ms: the %s event has not been "
                     "recorded",
                     from->recorded ? "stop" : "start");
      return NAN;
    }
  return (to->time.tv_sec - from->time.tv_sec) * 1e3
         + (to->time.tv_nsec - from->time.tv_nsec) / 1e6;
}

void
cuda_event_destroy (cuda_event_t event)
{
  /* Null, as for cuda_stream_destroy.  */
  if (!event)
    return;
  if (!cudajit_gpu_p ())
    free (event);
  else
    cudajit_check (cudajit_cu.cuEventDestroy_v2 (event), NULL, NULL, 0,
                   "cuda_event_destroy");
}
