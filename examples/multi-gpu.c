/* SPDX-License-Identifier: MIT */
/* Seed 000's doubling spread over every GPU of the machine: the array is
   cut into one part per GPU, and each GPU copies its part in, doubles it
   and copies it back on a stream of its own, all at once, from one host
   thread.  On the CPU backend, the one device does it all.

   multi-gpu [N [GPUS]]: N numbers (30 million), on the first GPUS GPUs
   (all); it prints the best time of five runs.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  runs = 5,
  most_gpus = 64
};

__attribute__ ((cuda_jit)) void
double_kernel (long n, const double *input, double *output)
{
  long i = cuda_grid_x ();
  if (i < n)
    output[i] = input[i] * 2;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One GPU's part of the work: where it starts, how long it is, and what
   the GPU holds of it.  */
struct part
{
  long first, n;
  cuda_stream_t stream;
  double *input, *output;
};

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 30000000;
  int available = cuda_device_count ();
  int gpus = available ? available : 1;
  if (argc > 2 && atoi (argv[2]) >= 1 && atoi (argv[2]) < gpus)
    gpus = atoi (argv[2]);
  if (gpus > most_gpus)
    gpus = most_gpus;

  /* Pinned, so that the copies of each GPU run on while the host thread
     goes on to the next GPU.  */
  double *input = cuda_pinned_array (n * sizeof (double));
  double *output = cuda_pinned_array (n * sizeof (double));
  if (!input || !output)
    return 1;
  srand (42);
  for (long i = 0; i < n; i++)
    input[i] = rand () / (double) RAND_MAX;

  struct part parts[most_gpus];
  for (int g = 0; g < gpus; g++)
    {
      struct part *p = &parts[g];
      p->first = n / gpus * g;
      p->n = g == gpus - 1 ? n - p->first : n / gpus;
      cuda_select_device (g);
      p->stream = cuda_stream ();
      p->input = cuda_device_array (p->n * sizeof (double));
      p->output = cuda_device_array (p->n * sizeof (double));
    }

  double best = 0;
  for (int run = 0; run < runs; run++)
    {
      double start = now_ms ();
      for (int g = 0; g < gpus; g++)
        {
          struct part *p = &parts[g];
          size_t bytes = p->n * sizeof (double);
          cuda_select_device (g);
          cuda_copy_to_device_async (p->input, input + p->first, bytes,
                                     p->stream);
          cuda_launch (double_kernel, (p->n + 255) / 256, 256, 0,
                       p->stream) (p->n, p->input, p->output);
          cuda_copy_to_host_async (output + p->first, p->output, bytes,
                                   p->stream);
        }
      for (int g = 0; g < gpus; g++)
        {
          cuda_select_device (g);
          cuda_stream_synchronize (parts[g].stream);
        }
      double ms = now_ms () - start;
      if (run == 0 || ms < best)
        best = ms;
    }

  long wrong = 0;
  for (long i = 0; i < n; i++)
    wrong += output[i] != input[i] * 2;
  for (int g = 0; g < gpus; g++)
    {
      cuda_select_device (g);
      cuda_stream_destroy (parts[g].stream);
      cuda_free (parts[g].input);
      cuda_free (parts[g].output);
    }
  cuda_select_device (0);
  cuda_free_pinned (input);
  cuda_free_pinned (output);
  printf ("doubled %ld numbers on %d %s%s, copies included, in %.2f ms (best "
          "of %d); %ld wrong: multi-gpu: %s\n",
          n, gpus, available ? "GPU" : "CPU device", gpus == 1 ? "" : "s",
          best, runs, wrong, wrong ? "FAILED" : "ok");
  return wrong != 0;
}
