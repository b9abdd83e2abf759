/* SPDX-License-Identifier: MIT */
/* The CPU backend's graphs: the steps that the capture recorded
   (graph-capture.c), run in order at each launch of the graph.  */

#include "internal.h"

#include <string.h>

bool
cudajit_cpu_graph_begin (cuda_stream_t stream, const struct cudajit_site *site)
{
  (void) stream;
  (void) site;
  return true;
}

bool
cudajit_cpu_graph_end (cuda_stream_t stream, struct cudajit_graph *graph,
                       const struct cudajit_site *site)
{
  (void) stream;
  (void) graph;
  (void) site;
  return true;
}

void
cudajit_cpu_graph_launch (const struct cudajit_graph *graph,
                          cuda_stream_t stream,
                          const struct cudajit_site *site)
{
  (void) stream;
  (void) site;
  for (size_t i = 0; i < graph->count; i++)
    {
      const struct cudajit_graph_step *step = &graph->steps[i];
      switch (step->kind)
        {
        case CUDAJIT_STEP_LAUNCH:
          cudajit_cpu_launch (step->kernel, &step->config, step->args,
                              &step->site, NULL);
          break;
        case CUDAJIT_STEP_COPY:
          memmove (step->dst, step->src, step->bytes);
          break;
        case CUDAJIT_STEP_FILL:
          memset (step->dst, step->byte, step->bytes);
          break;
        }
    }
}

void
cudajit_cpu_graph_destroy (struct cudajit_graph *graph,
                           const struct cudajit_site *site,
                           const char *function)
{
  (void) graph;
  (void) site;
  (void) function;
}
