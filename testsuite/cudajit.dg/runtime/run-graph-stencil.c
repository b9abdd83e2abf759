/* A 1,000-step stencil captured into a graph once and launched three
   times: the heat equation on a ring, each step a kernel from one array
   into the other, with a fill of a boundary cell and a copy inside the
   graph too.  Checked against the same steps in plain C.  The capture
   itself runs nothing: the array is unchanged after it.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum
{
  N = 4096,
  BLOCK = 128,
  STEPS = 1000,
  LAUNCHES = 3
};

__attribute__ ((cuda_jit)) void
heat (long n, float k, const float *in, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i] + k * (in[(i + n - 1) % n] - 2 * in[i] + in[(i + 1) % n]);
}

/* One step of the graph in plain C.  */
static void
heat_c (long n, float k, const float *in, float *out)
{
  for (long i = 0; i < n; i++)
    out[i] = in[i] + k * (in[(i + n - 1) % n] - 2 * in[i] + in[(i + 1) % n]);
}

int
main (void)
{
  static float start[N], host[N], a[N], b[N], saved[N];
  float k = 0.25f;
  int wrong = 0;

  for (int i = 0; i < N; i++)
    start[i] = (float) ((i * 37) % 101);
  float *x = cuda_to_device (start, sizeof start);
  float *y = cuda_device_array (sizeof start);
  float *copy = cuda_device_array (sizeof start);
  cuda_stream_t stream = cuda_stream ();

  cuda_graph_capture_begin (stream);
  for (int s = 0; s < STEPS; s++)
    {
      cuda_launch (heat, N / BLOCK, BLOCK, .stream = stream) (N, k, x, y);
      cuda_launch (heat, N / BLOCK, BLOCK, .stream = stream) (N, k, y, x);
    }
  /* The value at the capture counts, not the variable's later one.  */
  k = 0;
  cuda_memset_async (x, 0, sizeof (float), stream);
  cuda_copy_device_async (copy, x, sizeof start, stream);
  cuda_graph_t graph = cuda_graph_capture_end (stream);
  cuda_copy_to_host (host, x, sizeof host);
  wrong += memcmp (host, start, sizeof host) != 0;

  for (int l = 0; l < LAUNCHES; l++)
    cuda_graph_launch (graph, stream);
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (host, copy, sizeof host);
  cuda_graph_destroy (graph);

  memcpy (a, start, sizeof a);
  for (int l = 0; l < LAUNCHES; l++)
    {
      for (int s = 0; s < STEPS; s++)
        {
          heat_c (N, 0.25f, a, b);
          heat_c (N, 0.25f, b, a);
        }
      a[0] = 0;
      memcpy (saved, a, sizeof a);
    }
  for (int i = 0; i < N; i++)
    wrong += fabsf (host[i] - saved[i]) > 1e-3f * (1 + fabsf (saved[i]));

  printf ("graph stencil: %d wrong\n", wrong);
  cuda_stream_destroy (stream);
  cuda_free (x);
  cuda_free (y);
  cuda_free (copy);
  return wrong != 0;
}

/* { dg-output "graph stencil: 0 wrong" } */
/* { dg-cudajit-levels all } */
