/* SPDX-License-Identifier: MIT */
/* What a graph saves a launch-bound loop: a step of a small stencil
   launched STEPS times on a stream, against the same STEPS launches
   captured once into a graph and replayed by one cuda_graph_launch.

     bench/graph-launch [STEPS [N]]

   prints the microseconds per kernel of each way, the best of ROUNDS
   rounds, their ratio, and the time of the capture itself; and checks
   that both ways compute the same array.  On the CPU backend the
   launches are those of its thread pool; on a GPU, those of the
   driver.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
  DEFAULT_STEPS = 1000,
  DEFAULT_N = 4096,
  BLOCK = 128,
  ROUNDS = 5
};

__attribute__ ((cuda_jit)) void
heat (long n, float k, const float *in, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i] + k * (in[(i + n - 1) % n] - 2 * in[i] + in[(i + 1) % n]);
}

static double
now_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* STEPS launches of heat on STREAM, from X to Y and back, two a step
   pair, so that X holds the result.  */
static void
steps (int count, long n, float *x, float *y, cuda_stream_t stream)
{
  unsigned int blocks = (unsigned int) ((n + BLOCK - 1) / BLOCK);

  for (int s = 0; s < count; s += 2)
    {
      cuda_launch (heat, blocks, BLOCK, .stream = stream) (n, 0.25f, x, y);
      cuda_launch (heat, blocks, BLOCK, .stream = stream) (n, 0.25f, y, x);
    }
}

int
main (int argc, char **argv)
{
  int count = argc > 1 ? atoi (argv[1]) : DEFAULT_STEPS;
  long n = argc > 2 ? atol (argv[2]) : DEFAULT_N;

  if (count < 2 || count % 2 || n < 1)
    {
      fprintf (stderr, "usage: graph-launch [STEPS (even, at least 2) [N]]\n");
      return 2;
    }
  float *start = malloc (n * sizeof (float));
  float *plain = malloc (n * sizeof (float));
  float *graphed = malloc (n * sizeof (float));
  for (long i = 0; i < n; i++)
    start[i] = (float) ((i * 37) % 101);
  float *x = cuda_to_device (start, n * sizeof (float));
  float *y = cuda_device_array (n * sizeof (float));
  cuda_stream_t stream = cuda_stream ();

  /* The first launch compiles the kernel.  */
  steps (2, n, x, y, stream);
  cuda_stream_synchronize (stream);

  double best_plain = 1e300, best_graph = 1e300, capture;
  cuda_copy_to_device (x, start, n * sizeof (float));
  for (int r = 0; r < ROUNDS; r++)
    {
      double t = now_us ();
      steps (count, n, x, y, stream);
      cuda_stream_synchronize (stream);
      t = now_us () - t;
      best_plain = t < best_plain ? t : best_plain;
    }
  cuda_copy_to_host (plain, x, n * sizeof (float));

  cuda_copy_to_device (x, start, n * sizeof (float));
  capture = now_us ();
  cuda_graph_capture_begin (stream);
  steps (count, n, x, y, stream);
  cuda_graph_t graph = cuda_graph_capture_end (stream);
  capture = now_us () - capture;
  if (!graph)
    return 1;
  for (int r = 0; r < ROUNDS; r++)
    {
      double t = now_us ();
      cuda_graph_launch (graph, stream);
      cuda_stream_synchronize (stream);
      t = now_us () - t;
      best_graph = t < best_graph ? t : best_graph;
    }
  cuda_copy_to_host (graphed, x, n * sizeof (float));
  cuda_graph_destroy (graph);

  int same = memcmp (plain, graphed, n * sizeof (float)) == 0;
  printf ("graph-launch: %d launches of a %ld-element stencil step, on %s, "
          "best of %d\n",
          count, n, cuda_is_available () ? "the GPU" : "the CPU backend",
          ROUNDS);
  printf ("  without a graph  %8.2f us per launch\n", best_plain / count);
  printf ("  with a graph     %8.2f us per launch (capture: %.2f us per "
          "launch, once)\n",
          best_graph / count, capture / count);
  printf ("  without / with   %8.2f\n", best_plain / best_graph);
  printf ("  results %s\n", same ? "identical" : "DIFFER");

  cuda_stream_destroy (stream);
  cuda_free (x);
  cuda_free (y);
  free (start);
  free (plain);
  free (graphed);
  return same ? 0 : 1;
}
