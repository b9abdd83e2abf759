/* SPDX-License-Identifier: MIT */
/* The GPU backend's streams and events (backend.h): the driver's.  */

#include "internal.h"

#include <math.h>
#include <stdlib.h>

cuda_stream_t
cudajit_gpu_stream_create (const char *function)
{
  CUstream stream;

  if (!cudajit_check (cudajit_cu.cuStreamCreate (&stream, CU_STREAM_DEFAULT),
                      NULL, function))
    return NULL;
  cudajit_register_object (stream, 1, CUDAJIT_STREAM, CUDAJIT_NOT_MAPPED, 0,
                           0);
  return stream;
}

void
cudajit_gpu_stream_destroy (cuda_stream_t stream, const char *function)
{
  cudajit_check (cudajit_cu.cuStreamDestroy_v2 (stream), NULL, function);
}

void
cudajit_gpu_stream_synchronize (cuda_stream_t stream, const char *function)
{
  cudajit_check (cudajit_wait_stream (cudajit_driver_stream (stream)), NULL,
                 function);
}

void
cudajit_gpu_stream_wait_event (cuda_stream_t stream, cuda_event_t event,
                               const char *function)
{
  cudajit_check (
      cudajit_cu.cuStreamWaitEvent (cudajit_driver_stream (stream), event, 0),
      NULL, function);
}

/* A stream callback for the driver: FUNCTION (ARG), which may not call
   cudajit.  */
struct callback
{
  void (*function) (void *);
  void *arg;
};

static void
run_driver_callback (void *data)
{
  struct callback callback = *(struct callback *) data;

  free (data);
  cudajit_run_stream_callback (callback.function, callback.arg);
}

void
cudajit_gpu_stream_add_callback (cuda_stream_t stream,
                                 void (*function) (void *), void *arg,
                                 const char *caller)
{
  struct callback *callback = cudajit_xrealloc (NULL, sizeof *callback);
  *callback = (struct callback){ function, arg };
  if (!cudajit_check (
          cudajit_cu.cuLaunchHostFunc (cudajit_driver_stream (stream),
                                       run_driver_callback, callback),
          NULL, caller))
    free (callback);
}

cuda_event_t
cudajit_gpu_event_create (unsigned int flags, const char *function)
{
  CUevent event;

  if (!cudajit_check (cudajit_cu.cuEventCreate (&event, flags), NULL,
                      function))
    return NULL;
  cudajit_register_object (event, 1, CUDAJIT_EVENT, CUDAJIT_NOT_MAPPED, 0,
                           flags);
  return event;
}

void
cudajit_gpu_event_destroy (cuda_event_t event, const char *function)
{
  cudajit_check (cudajit_cu.cuEventDestroy_v2 (event), NULL, function);
}

void
cudajit_gpu_event_record (cuda_event_t event, cuda_stream_t stream,
                          const char *function)
{
  cudajit_check (
      cudajit_cu.cuEventRecord (event, cudajit_driver_stream (stream)), NULL,
      function);
}

void
cudajit_gpu_event_synchronize (cuda_event_t event, const char *function)
{
  cudajit_check (cudajit_wait_event (event), NULL, function);
}

int
cudajit_gpu_event_query (cuda_event_t event, const char *function)
{
  CUresult r = cudajit_cu.cuEventQuery (event);

  if (r == CUDA_ERROR_NOT_READY)
    return 0;
  /* After an error too, so that a loop waiting for the event ends.  */
  cudajit_check (r, NULL, function);
  return 1;
}

float
cudajit_gpu_event_elapsed_ms (cuda_event_t start, cuda_event_t stop,
                              const char *function)
{
  float ms;

  /* The driver would rather fail than wait for STOP.  */
  if (!cudajit_check (cudajit_wait_event (stop), NULL, function)
      || !cudajit_check (cudajit_cu.cuEventElapsedTime (&ms, start, stop),
                         NULL, function))
    return NAN;
  return ms;
}
