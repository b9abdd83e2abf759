/* SPDX-License-Identifier: MIT */
/* The GPU's graphs: the driver's stream capture, instantiated at its end
   into an executable graph, which each cuda_graph_launch launches.  */

#include "internal.h"

bool
cudajit_gpu_graph_begin (cuda_stream_t stream, const struct cudajit_site *site)
{
  /* Relaxed, so that the runtime may still compile and load a kernel's
     module at its first launch in the capture.  */
  return cudajit_check (cudajit_cu.cuStreamBeginCapture_v2 (
                            stream, CU_STREAM_CAPTURE_MODE_RELAXED),
                        site, "cuStreamBeginCapture");
}

bool
cudajit_gpu_graph_end (cuda_stream_t stream, struct cudajit_graph *graph,
                       const struct cudajit_site *site)
{
  CUgraph captured = NULL;
  bool ok = cudajit_check (cudajit_cu.cuStreamEndCapture (stream, &captured),
                           site, "cuStreamEndCapture");
  ok = ok
       && cudajit_check (
           cudajit_cu.cuGraphInstantiateWithFlags (&graph->exec, captured, 0),
           site, "cuGraphInstantiate");
  /* The instantiated graph keeps what it needs of it.  */
  if (captured)
    cudajit_cu.cuGraphDestroy (captured);
  return ok;
}

void
cudajit_gpu_graph_launch (const struct cudajit_graph *graph,
                          cuda_stream_t stream,
                          const struct cudajit_site *site)
{
  /* The driver's faults in the graph are blamed on its last kernel, as
     those of the last kernel launched are.  */
  for (size_t i = graph->count; i-- > 0;)
    if (graph->steps[i].kind == CUDAJIT_STEP_LAUNCH)
      {
        cudajit_note_launch (&graph->steps[i].site);
        break;
      }
  cudajit_check (cudajit_cu.cuGraphLaunch (graph->exec, stream), site,
                 "cuda_graph_launch");
}

void
cudajit_gpu_graph_destroy (struct cudajit_graph *graph,
                           const struct cudajit_site *site,
                           const char *function)
{
  if (graph->exec)
    cudajit_check (cudajit_cu.cuGraphExecDestroy (graph->exec), site,
                   function);
}
