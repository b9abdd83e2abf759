/* SPDX-License-Identifier: MIT */
/* Seed 003: streams and events.  The copy of a pinned array to the GPU,
   a kernel and the copy back are queued on a stream between two events,
   and the CPU counts while it waits for them; the events time the GPU's
   work.  The result is checked against a plain C loop.  */

#include <cudajit.h>
#include <stdio.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
increment_kernel (int *g_data, int inc_value)
{
  long i = cuda_grid_x ();
  g_data[i] += inc_value;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (void)
{
  long n = 16 * 1024 * 1024;
  size_t bytes = n * sizeof (int);
  int nthreads = 512;
  long nblocks = n / nthreads;
  int value = 26;

  cuda_stream_t stream = cuda_stream ();
  /* Pinned memory, which the GPU copies from and to while the CPU goes
     on.  Each element starts as its index rather than 0, so that the check
     sees elements that went to the wrong place.  */
  int *a = cuda_pinned_array (bytes);
  for (long i = 0; i < n; i++)
    a[i] = i;
  int *d_a = cuda_device_array (bytes);
  cuda_event_t start = cuda_event ();
  cuda_event_t stop = cuda_event ();

  /* The first launch compiles the kernel: do it before the timing, with a
     second launch that undoes the first.  */
  cuda_copy_to_device (d_a, a, bytes);
  cuda_launch (increment_kernel, nblocks, nthreads, .stream = stream) (d_a,
                                                                       -value);
  cuda_launch (increment_kernel, nblocks, nthreads, .stream = stream) (d_a,
                                                                       value);

  /* Stage 1: queue the work, which returns at once.  */
  cuda_synchronize ();
  double start_time = now_ms ();
  cuda_event_record (start, stream);
  cuda_copy_to_device_async (d_a, a, bytes, stream);
  cuda_launch (increment_kernel, nblocks, nthreads, .stream = stream) (d_a,
                                                                       value);
  cuda_copy_to_host_async (a, d_a, bytes, stream);
  cuda_event_record (stop, stream);
  double cpu_time = now_ms () - start_time;

  /* Stage 2: the CPU works while the GPU does.  */
  unsigned long counter = 0;
  while (!cuda_event_query (stop))
    counter++;
  float gpu_time = cuda_event_elapsed_ms (start, stop);

  /* The seed's lines, in milliseconds.  The CPU backend does the work in
     the calls themselves, so that the CPU has nothing left to wait for.  */
  printf ("time spent executing by the GPU: %.2f\n", gpu_time);
  printf ("time spent by CPU in CUDA calls: %.2f\n", cpu_time);
  printf ("CPU executed %lu iterations while waiting for GPU to finish\n",
          counter);

  long mismatches = 0;
  for (long i = 0; i < n; i++)
    mismatches += a[i] != i + value;
  printf ("increment: %s (%ld mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);

  cuda_event_destroy (start);
  cuda_event_destroy (stop);
  cuda_stream_destroy (stream);
  cuda_free (d_a);
  cuda_free_pinned (a);
  return mismatches != 0;
}
