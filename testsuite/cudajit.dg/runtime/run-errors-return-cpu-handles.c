/* On the CPU backend, where nothing else makes streams, events or device
   memory, what cudajit did not make is refused: a handle that is not a
   stream or an event, a copy from host memory as if it were device
   memory, an event given as a stream.  (On a GPU such handles and memory
   may come from the CUDA runtime and are left to the driver.)  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int *out)
{
  out[threadIdx.x] = 1;
}

static int errors;

static void
show (const char *what)
{
  const char *error = cuda_last_error ();

  printf ("%s: %s\n", what, error ? error : "(none)");
  errors += !error;
}

int
main (void)
{
  int host[32] = { 0 }, other[32];
  int *dev = cuda_device_array (sizeof host);
  cuda_event_t event = cuda_event ();

  cuda_stream_synchronize ((cuda_stream_t) other);
  show ("not a stream");
  cuda_event_synchronize ((cuda_event_t) other);
  show ("not an event");
  cuda_launch (fill, 1, 32, .stream = (cuda_stream_t) event) (dev);
  show ("event as stream");
  cuda_copy_to_host (host, other, sizeof host);
  show ("host as device");
  cuda_event_destroy (event);
  cuda_free (dev);
  errors += cuda_last_error () != NULL;
  printf ("errors returned: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "not a stream: cuda_stream_synchronize: 0x\[0-9a-f\]+ is not a stream from cuda_stream\n" } */
/* { dg-output "not an event: cuda_event_synchronize: 0x\[0-9a-f\]+ is not an event from cuda_event\n" } */
/* { dg-output "event as stream: kernel 'fill' launched at \[^\n\]*run-errors-return-cpu-handles.c:41: cuda_launch: 0x\[0-9a-f\]+ is an event from cuda_event, not a stream from cuda_stream\n" } */
/* { dg-output "host as device: cuda_copy_to_host: the 128 bytes at 0x\[0-9a-f\]+ are not device memory from cuda_device_array or cuda_to_device\n" } */
/* { dg-output "errors returned: 0 errors" } */
/* { dg-cudajit-levels all } */
