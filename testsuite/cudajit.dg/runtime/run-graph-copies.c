/* A graph of a copy in from pinned memory, a kernel with arguments of
   several sizes, a structure among them, and a copy out, launched
   several times with new input each time: the copies read and write the
   memory at each launch of the graph, the kernel's arguments are the
   values they had at the capture.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 1000,
  BLOCK = 64,
  LAUNCHES = 4
};

struct offset
{
  int a;
  double b;
};

__attribute__ ((cuda_jit)) void
affine (int n, char c, short s, double d, long long l, struct offset o,
        const double *in, double *out)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i] * d + c + s + l + o.a + o.b;
}

int
main (void)
{
  double *in = cuda_pinned_array_of (double, N);
  double *out = cuda_pinned_array_of (double, N);
  double *dev_in = cuda_device_array_of (double, N);
  double *dev_out = cuda_device_array_of (double, N);
  cuda_stream_t stream = cuda_stream ();
  char c = -3;
  short s = 1000;
  double d = 1.5;
  long long l = 1LL << 40;
  struct offset o = { 7, 0.25 };
  int wrong = 0;

  for (int i = 0; i < N; i++)
    out[i] = -1;
  cuda_graph_capture_begin (stream);
  cuda_copy_to_device_async (dev_in, in, N * sizeof (double), stream);
  cuda_launch (affine, (N + BLOCK - 1) / BLOCK, BLOCK,
               .stream = stream) (N, c, s, d, l, o, dev_in, dev_out);
  cuda_copy_to_host_async (out, dev_out, N * sizeof (double), stream);
  cuda_graph_t graph = cuda_graph_capture_end (stream);
  c = s = 0;
  d = l = 0;
  o.a = 0;
  o.b = 0;
  wrong += out[0] != -1;

  for (int launch = 0; launch < LAUNCHES; launch++)
    {
      for (int i = 0; i < N; i++)
        in[i] = i * (launch + 1);
      cuda_graph_launch (graph, stream);
      cuda_stream_synchronize (stream);
      for (int i = 0; i < N; i++)
        wrong += out[i] != in[i] * 1.5 - 3 + 1000 + (1LL << 40) + 7 + 0.25;
    }
  cuda_graph_destroy (graph);

  printf ("graph copies: %d wrong\n", wrong);
  cuda_stream_destroy (stream);
  cuda_free (dev_in);
  cuda_free (dev_out);
  cuda_free_pinned (in);
  cuda_free_pinned (out);
  return wrong != 0;
}

/* { dg-output "graph copies: 0 wrong" } */
/* { dg-cudajit-levels all } */
