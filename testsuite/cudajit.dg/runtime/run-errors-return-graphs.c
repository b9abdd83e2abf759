/* Both backends refuse the same misuses of graphs, with the same
   messages, naming the call's line: the capture of the default stream,
   a capture begun twice, host arrays, the default stream (cuda_forall),
   waits (cuda_reduce), events and callbacks during a capture, the
   destruction of the stream being captured, a graph launched on the
   stream being captured, an end without a capture, a graph destroyed
   twice or launched once destroyed.  With CUDAJIT_ERRORS=return each
   call returns and the capture goes on: the graph holds its one good
   launch, which runs.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int n, int out[n])
{
  int i = threadIdx.x;
  if (i < n)
    out[i] = i + 1;
}

static int errors;

static int
add (int a, int b)
{
  return a + b;
}

static void
count (void *calls)
{
  ++*(int *) calls;
}

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
  cuda_stream_t stream = cuda_stream ();
  cuda_event_t event = cuda_event ();
  int calls = 0;

  cuda_graph_capture_begin (NULL);
  show ("default stream");
  cuda_graph_capture_begin (stream);
  errors += cuda_last_error () != NULL;
  cuda_graph_capture_begin (stream);
  show ("twice");
  cuda_launch (fill, 1, 32, .stream = stream) (32, host);
  show ("host array");
  cuda_launch (fill, 1, 32) (32, dev);
  show ("launch on the default stream");
  cuda_synchronize ();
  show ("synchronize");
  cuda_stream_synchronize (stream);
  show ("stream synchronize");
  cuda_copy_to_host (host, dev, sizeof host);
  show ("copy");
  cuda_event_record (event, stream);
  show ("event");
  cuda_stream_add_callback (stream, count, &calls);
  show ("callback");
  cuda_reduce (add, dev, 32, .stream = stream);
  show ("reduce");
  cuda_forall (fill, 32) (32, dev);
  show ("forall");
  cuda_stream_destroy (stream);
  show ("destroy the stream");
  cuda_launch (fill, 1, 32, .stream = stream) (32, dev);
  errors += cuda_last_error () != NULL;
  cuda_graph_t graph = cuda_graph_capture_end (stream);
  errors += !graph;

  cuda_graph_capture_begin (stream);
  cuda_graph_launch (graph, stream);
  show ("launch into its capture");
  cuda_graph_t empty = cuda_graph_capture_end (stream);
  cuda_graph_capture_end (stream);
  show ("end without a capture");

  cuda_graph_launch (graph, stream);
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (host, dev, sizeof host);
  for (int i = 0; i < 32; i++)
    errors += host[i] != i + 1;

  cuda_graph_destroy (empty);
  cuda_graph_destroy (graph);
  cuda_graph_destroy (graph);
  show ("destroyed twice");
  cuda_graph_launch (graph, stream);
  show ("launch once destroyed");

  errors += calls != 0;
  printf ("%d wrong\n", errors);
  return errors != 0;
}

/* A line at a time, so that the runtime's notes on stderr fall between
   the lines rather than inside one.  */
__attribute__ ((constructor)) static void
line_buffered (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
}

/* { dg-output "default stream: \[^\n\]*run-errors-return-graphs.c:57: cuda_graph_capture_begin of the default stream, which CUDA does not capture; capture a stream from cuda_stream\n" } */
/* { dg-output "twice: \[^\n\]*run-errors-return-graphs.c:61: cuda_graph_capture_begin on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*run-errors-return-graphs.c:59\\); end that capture first\n" } */
/* { dg-output "host array: kernel 'fill' launched at \[^\n\]*run-errors-return-graphs.c:63: cuda_launch with 1 host array, which the launch copies to the GPU and back as it runs, on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\), which can hold only the launch; pass device memory from cuda_to_device or cuda_device_array\n" } */
/* { dg-output "launch on the default stream: kernel 'fill' launched at \[^\n\]*run-errors-return-graphs.c:65: cuda_launch on the default stream while a stream is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\): the default stream waits for the captured one, which CUDA refuses; use the captured stream, or move it after cuda_graph_capture_end\n" } */
/* { dg-output "synchronize: cuda_synchronize on the default stream while a stream is being captured \[^\n\]*\n" } */
/* { dg-output "stream synchronize: cuda_stream_synchronize on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\), where nothing runs until the graph is launched, so that nothing can be waited for; wait after cuda_graph_capture_end\n" } */
/* { dg-output "copy: cuda_copy_to_host on the default stream while a stream is being captured \[^\n\]*\n" } */
/* { dg-output "event: cuda_event_record on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\), where a graph holds only launches, copies and fills\n" } */
/* { dg-output "callback: cuda_stream_add_callback on a stream that is being captured \[^\n\]*\n" } */
/* { dg-output "reduce: kernel '\[^'\]*' launched at \[^\n\]*run-errors-return-graphs.c:77: cuda_reduce on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\), where nothing runs until the graph is launched\[^\n\]*\n" } */
/* { dg-output "forall: kernel 'fill' launched at \[^\n\]*run-errors-return-graphs.c:79: cuda_launch on the default stream while a stream is being captured \[^\n\]*\n" } */
/* { dg-output "destroy the stream: cuda_stream_destroy on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:59\\); end the capture with cuda_graph_capture_end first\n" } */
/* { dg-output "launch into its capture: \[^\n\]*run-errors-return-graphs.c:89: cuda_graph_launch on a stream that is being captured into a graph \\(cuda_graph_capture_begin at \[^\n\]*:88\\); launch the graph on another stream\n" } */
/* { dg-output "end without a capture: \[^\n\]*run-errors-return-graphs.c:92: cuda_graph_capture_end of a stream that is not being captured; begin with cuda_graph_capture_begin\n" } */
/* At -O0, the first launch of fill on the CPU backend says how to run it
   faster, here, as the graph runs it.  */
/* { dg-output "(cudajit: kernel 'fill' \[^\n\]* was compiled without optimization\[^\n\]*\n)?destroyed twice: \[^\n\]*run-errors-return-graphs.c:103: cuda_graph_destroy: 0x\[0-9a-f\]+ is a graph from cuda_graph_capture_end that was destroyed by cuda_graph_destroy\n" } */
/* { dg-output "launch once destroyed: \[^\n\]*run-errors-return-graphs.c:105: cuda_graph_launch: 0x\[0-9a-f\]+ is a graph from cuda_graph_capture_end that was destroyed by cuda_graph_destroy\n" } */
/* { dg-output "0 wrong" } */
/* { dg-cudajit-levels all } */
