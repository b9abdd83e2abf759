/* Two streams captured at once, their launches interleaved, each into
   its own graph: one of cuda_launch, one of cuda_vectorize with a
   scalar.  Each graph holds its own stream's work alone, in order; both
   are launched several times and checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 777,
  BLOCK = 64,
  LAUNCHES = 3
};

__attribute__ ((cuda_jit)) void
add_index (int n, int *x)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] += i;
}

static int
scale_add (int x, int factor)
{
  return x * factor + 1;
}

int
main (void)
{
  static int host[N], expected_a[N], expected_b[N];
  int *a = cuda_device_array_of (int, N);
  int *b = cuda_device_array_of (int, N);
  cuda_stream_t sa = cuda_stream (), sb = cuda_stream ();
  int wrong = 0;

  cuda_memset (a, 0, N * sizeof (int));
  cuda_memset (b, 0, N * sizeof (int));
  cuda_graph_capture_begin (sa);
  cuda_graph_capture_begin (sb);
  for (int step = 0; step < 2; step++)
    {
      cuda_launch (add_index, (N + BLOCK - 1) / BLOCK, BLOCK,
                   .stream = sa) (N, a);
      cuda_vectorize (scale_add, N, .stream = sb) (b, b, 3);
    }
  cuda_graph_t ga = cuda_graph_capture_end (sa);
  cuda_graph_t gb = cuda_graph_capture_end (sb);

  for (int launch = 0; launch < LAUNCHES; launch++)
    {
      cuda_graph_launch (gb, sb);
      cuda_graph_launch (ga, sa);
    }
  cuda_stream_synchronize (sa);
  cuda_stream_synchronize (sb);

  for (int launch = 0; launch < 2 * LAUNCHES; launch++)
    for (int i = 0; i < N; i++)
      {
        expected_a[i] += i;
        expected_b[i] = scale_add (expected_b[i], 3);
      }
  cuda_copy_to_host (host, a, sizeof host);
  for (int i = 0; i < N; i++)
    wrong += host[i] != expected_a[i];
  cuda_copy_to_host (host, b, sizeof host);
  for (int i = 0; i < N; i++)
    wrong += host[i] != expected_b[i];

  printf ("graph streams: %d wrong\n", wrong);
  cuda_graph_destroy (ga);
  cuda_graph_destroy (gb);
  cuda_stream_destroy (sa);
  cuda_stream_destroy (sb);
  cuda_free (a);
  cuda_free (b);
  return wrong != 0;
}

/* { dg-output "graph streams: 0 wrong" } */
/* { dg-cudajit-levels all } */
