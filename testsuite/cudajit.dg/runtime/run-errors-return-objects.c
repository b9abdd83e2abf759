/* Both backends refuse the same misuses of memory, streams and events,
   with the same messages: freeing twice, inside an allocation or what was
   not allocated, copies past the end of an allocation or from freed
   memory, launches on freed memory or host memory without an extent,
   destroyed streams and events.  With CUDAJIT_ERRORS=return each call
   returns, cuda_last_error says why, and the program goes on.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
fill (int *out)
{
  out[threadIdx.x] = 1;
}

static int errors;

/* Print the last error; count it as wrong if there was none.  */
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
  int host[32] = { 0 };
  int *dev = cuda_device_array (sizeof host);
  int *freed = cuda_device_array (sizeof host);
  /* From mmap on the CPU backend.  */
  char *large = cuda_device_array (4 << 20);
  int *pinned = cuda_pinned_array (sizeof host);
  int *heap = malloc (sizeof host);
  cuda_stream_t stream = cuda_stream ();
  cuda_event_t event = cuda_event ();

  cuda_free (freed);
  cuda_free (large);
  cuda_stream_destroy (stream);
  cuda_event_destroy (event);
  errors += cuda_last_error () != NULL;

  cuda_free (freed);
  show ("double free");
  cuda_free (dev + 4);
  show ("inside");
  cuda_free (host);
  show ("stack");
  cuda_free (pinned);
  show ("pinned");
  cuda_free_pinned (dev);
  show ("device as pinned");
  cuda_copy_to_host (host, dev, sizeof host + 4);
  show ("past the end");
  cuda_copy_to_device (dev + 16, host, sizeof host);
  show ("past the end inside");
  cuda_copy_to_host (host, freed, sizeof host);
  show ("copy from freed");
  cuda_copy_to_device (large + 16, host, sizeof host);
  show ("copy to large freed");
  cuda_launch (fill, 1, 32) (freed);
  show ("launch on freed");
  cuda_launch (fill, 1, 32) (heap);
  show ("launch on host");
  cuda_launch (fill, 1, 32) (pinned);
  show ("launch on pinned");
  cuda_launch (fill, 1, 32, .stream = stream) (dev);
  show ("launch on destroyed stream");
  cuda_copy_to_device_async (dev, host, sizeof host, stream);
  show ("copy on destroyed stream");
  cuda_stream_synchronize (stream);
  show ("synchronize destroyed stream");
  cuda_stream_destroy (stream);
  show ("destroy destroyed stream");
  cuda_event_record (event, NULL);
  show ("record destroyed event");
  cuda_event_destroy (event);
  show ("destroy destroyed event");

  /* What is right still works.  */
  cuda_launch (fill, 1, 32) (dev);
  cuda_copy_to_host (host, dev, sizeof host);
  for (int i = 0; i < 32; i++)
    errors += host[i] != 1;
  errors += cuda_last_error () != NULL;
  cuda_free (dev);
  cuda_free_pinned (pinned);
  free (heap);
  errors += cuda_last_error () != NULL;
  printf ("errors returned: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "double free: cuda_free: 0x\[0-9a-f\]+ is device memory from cuda_device_array or cuda_to_device that was freed by cuda_free\n" } */
/* { dg-output "inside: cuda_free: 0x\[0-9a-f\]+ is 16 bytes into the 128 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+, not at their start\n" } */
/* { dg-output "stack: cuda_free: 0x\[0-9a-f\]+ is not device memory from cuda_device_array or cuda_to_device\n" } */
/* { dg-output "pinned: cuda_free: 0x\[0-9a-f\]+ is pinned memory from cuda_pinned_array, not device memory from cuda_device_array or cuda_to_device\n" } */
/* { dg-output "device as pinned: cuda_free_pinned: 0x\[0-9a-f\]+ is device memory from cuda_device_array or cuda_to_device, not pinned memory from cuda_pinned_array\n" } */
/* { dg-output "past the end: cuda_copy_to_host: the 132 bytes at 0x\[0-9a-f\]+ run 4 bytes past the end of the 128 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+\n" } */
/* { dg-output "past the end inside: cuda_copy_to_device: the 128 bytes at 0x\[0-9a-f\]+ run 64 bytes past the end of the 128 bytes of device memory \[^\n\]*\n" } */
/* { dg-output "copy from freed: cuda_copy_to_host: the 128 bytes at 0x\[0-9a-f\]+ are in device memory from cuda_device_array or cuda_to_device that was freed by cuda_free\n" } */
/* { dg-output "copy to large freed: cuda_copy_to_device: the 128 bytes at 0x\[0-9a-f\]+ are in device memory \[^\n\]* that was freed by cuda_free\n" } */
/* { dg-output "launch on freed: kernel 'fill' launched at \[^\n\]*run-errors-return-objects.c:69: argument 1, 'out', points into device memory from cuda_device_array or cuda_to_device that was freed by cuda_free\n" } */
/* { dg-output "launch on host: kernel 'fill' launched at \[^\n\]*run-errors-return-objects.c:71: argument 1, 'out', is host memory, but the parameter does not declare the extent\[^\n\]*\n" } */
/* { dg-output "launch on pinned: kernel 'fill' launched at \[^\n\]*run-errors-return-objects.c:73: argument 1, 'out', is host memory\[^\n\]*\n" } */
/* { dg-output "launch on destroyed stream: kernel 'fill' launched at \[^\n\]*run-errors-return-objects.c:75: cuda_launch: 0x\[0-9a-f\]+ is a stream from cuda_stream that was destroyed by cuda_stream_destroy\n" } */
/* { dg-output "copy on destroyed stream: cuda_copy_to_device_async: 0x\[0-9a-f\]+ is a stream from cuda_stream that was destroyed by cuda_stream_destroy\n" } */
/* { dg-output "synchronize destroyed stream: cuda_stream_synchronize: 0x\[0-9a-f\]+ is a stream \[^\n\]*destroyed\[^\n\]*\n" } */
/* { dg-output "destroy destroyed stream: cuda_stream_destroy: 0x\[0-9a-f\]+ is a stream \[^\n\]*destroyed\[^\n\]*\n" } */
/* { dg-output "record destroyed event: cuda_event_record: 0x\[0-9a-f\]+ is an event from cuda_event that was destroyed by cuda_event_destroy\n" } */
/* { dg-output "destroy destroyed event: cuda_event_destroy: 0x\[0-9a-f\]+ is an event \[^\n\]*destroyed\[^\n\]*\n" } */
/* { dg-output "errors returned: 0 errors" } */
/* { dg-cudajit-levels all } */
