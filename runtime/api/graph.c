/* SPDX-License-Identifier: MIT */
/* Graphs: the work queued on a stream between cuda_graph_capture_begin
   and cuda_graph_capture_end, launched again as one by cuda_graph_launch,
   so that a loop of small kernels pays one launch for many.  On the GPU
   they are the driver's stream capture and executable graphs
   (gpu-graph.c).  On the CPU backend, where work runs as it is queued,
   the capture records each launch (its kernel, configuration and a copy
   of its arguments' values) and each copy or fill instead of running it
   (graph-capture.c), and a launch of the graph runs them in order
   (cpu-graph.c).  What either backend refuses in a capture, both refuse
   with the same message; and on both, a launch of the graph refuses to
   replay a copy or fill on device memory freed since the capture, as the
   copy or fill itself would be.  */

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
cudajit_graph_capture_begin (void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();

  if (!stream)
    {
      cudajit_error (&site,
                     "cuda_graph_capture_begin of the default stream, which "
                     "CUDA does not capture; capture a stream from "
                     "cuda_stream");
      return;
    }
  if (!cudajit_check_handle (&site, "cuda_graph_capture_begin", stream,
                             CUDAJIT_STREAM, ops->gpu)
      || cudajit_graph_refuses_again (stream, &site,
                                      "cuda_graph_capture_begin",
                                      "; end that capture first")
      || !ops->graph_begin (stream, &site))
    return;
  enum cudajit_host_mapping mapping;
  struct cudajit_graph *graph
      = cudajit_host_allocate (sizeof *graph, CUDAJIT_HOST_ALIGN, &mapping);
  if (!graph)
    cudajit_fatal (&site, "out of memory allocating a graph");
  memset (graph, 0, sizeof *graph);
  graph->mapping = mapping;
  cudajit_graph_add_capture (stream, &site, graph);
}

/* Free GRAPH's steps, and the backend's part of it, for FUNCTION at
   SITE.  */
static void
free_graph (struct cudajit_graph *graph, const struct cudajit_site *site,
            const char *function)
{
  for (size_t i = 0; i < graph->count; i++)
    free (graph->steps[i].args);
  free (graph->steps);
  graph->steps = NULL;
  graph->count = 0;
  cudajit_backend_ops ()->graph_destroy (graph, site, function);
}

void *
cudajit_graph_capture_end (void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();

  if (stream
      && !cudajit_check_handle (&site, "cuda_graph_capture_end", stream,
                                CUDAJIT_STREAM, ops->gpu))
    return NULL;
  struct cudajit_graph *graph = cudajit_graph_remove_capture (stream);
  if (!graph)
    {
      cudajit_error (&site,
                     "cuda_graph_capture_end of a stream that is not being "
                     "captured; begin with cuda_graph_capture_begin");
      return NULL;
    }
  if (!ops->graph_end (stream, graph, &site))
    {
      cudajit_host_free (graph, sizeof *graph, graph->mapping);
      return NULL;
    }
  cudajit_register_object (graph, sizeof *graph, CUDAJIT_GRAPH, graph->mapping,
                           0, 0);
  return graph;
}

/* Whether GRAPH, given to FUNCTION at SITE, is a live graph; if not,
   report it.  The graph is the runtime's on both backends, so that the
   driver is never asked about it.  */
static bool
check_graph (const void *graph, const struct cudajit_site *site,
             const char *function)
{
  if (!graph)
    {
      cudajit_error (site, "%s: the graph is null", function);
      return false;
    }
  return cudajit_check_handle (site, function, graph, CUDAJIT_GRAPH, false);
}

/* Whether the device memory of each copy and fill of GRAPH is still
   there, for the graph's launch at SITE on the backend of OPS; if not,
   report it, by the function that captured the copy or fill.  */
static bool
replayable (const struct cudajit_graph *graph, const struct cudajit_site *site,
            const struct cudajit_backend_ops *ops)
{
  for (size_t i = 0; i < graph->count; i++)
    {
      const struct cudajit_graph_step *step = &graph->steps[i];
      if (step->kind == CUDAJIT_STEP_LAUNCH)
        continue;
      char function[128];
      snprintf (function, sizeof function, "cuda_graph_launch replays %s",
                step->function);
      if (((step->device_ends & CUDAJIT_DEVICE_DST)
           && !cudajit_check_range (site, function, step->dst, step->bytes,
                                    ops->gpu))
          || ((step->device_ends & CUDAJIT_DEVICE_SRC)
              && !cudajit_check_range (site, function, step->src, step->bytes,
                                       ops->gpu)))
        return false;
    }
  return true;
}

void
cudajit_graph_launch (void *graph, void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();

  if (!check_graph (graph, &site, "cuda_graph_launch")
      || (stream
          && !cudajit_check_handle (&site, "cuda_graph_launch", stream,
                                    CUDAJIT_STREAM, ops->gpu))
      || cudajit_graph_refuses_again (stream, &site, "cuda_graph_launch",
                                      "; launch the graph on another stream")
      || !replayable (graph, &site, ops))
    return;
  ops->graph_launch (graph, stream, &site);
}

void
cudajit_graph_destroy (void *graph, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };

  /* Like free, so that the null of a failed capture can be passed.  */
  if (!graph || !check_graph (graph, &site, "cuda_graph_destroy"))
    return;
  free_graph (graph, &site, "cuda_graph_destroy");
  cudajit_release_object (graph, CUDAJIT_GRAPH);
}
