/* SPDX-License-Identifier: MIT */
/* Graphs: the work queued on a stream between cuda_graph_capture_begin
   and cuda_graph_capture_end, launched again as one by cuda_graph_launch,
   so that a loop of small kernels pays one launch for many.  On the GPU
   they are the driver's stream capture and executable graphs.  On the CPU
   backend, where work runs as it is queued, the capture records each
   launch (its kernel, configuration and a copy of its arguments' values)
   and each copy or fill instead of running it, and a launch of the graph
   runs them in order.  What either backend refuses in a capture, both
   refuse with the same message; and on both, a launch of the graph
   refuses to replay a copy or fill on device memory freed since the
   capture, as the copy or fill itself would be.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The room for steps of a graph, and for captures, at first; each
   doubles when full.  */
enum
{
  FIRST_STEPS = 16,
  FIRST_CAPTURES = 4
};

/* What a graph does, one step after another, on the CPU backend.  */
enum step_kind
{
  STEP_LAUNCH,
  STEP_COPY,
  STEP_FILL
};

struct step
{
  enum step_kind kind;
  /* A launch: its kernel and configuration, the launch's site for the
     faults in it, and ARGS, the addresses of the arguments' values, which
     the step owns.  */
  const struct cudajit_kernel *kernel;
  struct cudajit_launch_config config;
  struct cudajit_site site;
  void **args;
  /* A copy of BYTES from SRC to DST, or a fill of them with BYTE, by
     FUNCTION; its DEVICE_ENDS, of enum cudajit_copy_ends.  */
  void *dst;
  const void *src;
  size_t bytes;
  int byte;
  int device_ends;
  const char *function;
};

/* What a cuda_graph_t points to, on both backends.  */
struct cudajit_graph
{
  /* The driver's instantiated graph, on the GPU, and the launch of its
     last kernel, which the driver's faults in the graph are blamed on,
     as those of the last kernel launched are.  */
  CUgraphExec exec;
  struct cudajit_site last;
  /* The steps, on the CPU backend; on the GPU, its copies and fills
     alone, whose memory each launch of the graph checks.  */
  struct step *steps;
  size_t count, allocated;
  /* How the runtime mapped the graph itself.  */
  enum cudajit_host_mapping mapping;
};

/* A stream being captured, since the cuda_graph_capture_begin at BEGUN;
   on the CPU backend, into GRAPH.  */
struct capture
{
  CUstream stream;
  struct cudajit_site begun;
  struct cudajit_graph *graph;
};

/* The streams being captured, under CAPTURES_LOCK; their count is
   cudajit_graph_captures.  */
static struct capture *captures;
static size_t captures_allocated;
static pthread_mutex_t captures_lock = PTHREAD_MUTEX_INITIALIZER;
atomic_uint cudajit_graph_captures;

/* The capture of STREAM, or null; under CAPTURES_LOCK.  */
static struct capture *
find_capture (CUstream stream)
{
  unsigned int count
      = atomic_load_explicit (&cudajit_graph_captures, memory_order_relaxed);

  for (unsigned int i = 0; i < count; i++)
    if (captures[i].stream == stream)
      return &captures[i];
  return NULL;
}

/* Whether work queued on STREAM by FUNCTION at SITE would be refused by
   a capture under way: the default stream's, which waits for every other
   stream, those being captured too; or, if ON_CAPTURED, any on the stream
   being captured.  If so, report it.  */
static bool
refuses (CUstream stream, const struct cudajit_site *site,
         const char *function, bool on_captured, const char *why)
{
  struct capture found = { NULL, { NULL, NULL, 0 }, NULL };
  bool refused;

  pthread_mutex_lock (&captures_lock);
  unsigned int count
      = atomic_load_explicit (&cudajit_graph_captures, memory_order_relaxed);
  struct capture *capture = find_capture (stream);
  refused = capture ? on_captured : !stream && count;
  if (refused)
    found = capture ? *capture : captures[0];
  pthread_mutex_unlock (&captures_lock);
  if (!refused)
    return false;
  if (capture)
    cudajit_error (site,
                   "%s on a stream that is being captured into a graph "
                   "(cuda_graph_capture_begin at %s:%d)%s",
                   function, found.begun.file, found.begun.line, why);
  else
    cudajit_error (site,
                   "%s on the default stream while a stream is being "
                   "captured into a graph (cuda_graph_capture_begin at "
                   "%s:%d): the default stream waits for the captured one, "
                   "which CUDA refuses; use the captured stream, or move it "
                   "after cuda_graph_capture_end",
                   function, found.begun.file, found.begun.line);
  return true;
}

bool
cudajit_graph_refuses_wait (CUstream stream, const struct cudajit_site *site,
                            const char *function)
{
  return refuses (stream, site, function, true,
                  ", where nothing runs until the graph is launched, so that "
                  "nothing can be waited for; wait after "
                  "cuda_graph_capture_end");
}

bool
cudajit_graph_refuses (CUstream stream, const struct cudajit_site *site,
                       const char *function)
{
  return refuses (stream, site, function, true,
                  ", where a graph holds only launches, copies and fills");
}

bool
cudajit_graph_refuses_destroy (CUstream stream, const char *function)
{
  return stream
         && refuses (stream, NULL, function, true,
                     "; end the capture with cuda_graph_capture_end first");
}

/* A new step of the graph that STREAM is being captured into on the CPU
   backend, or null if the stream is not being captured; the caller fills
   it in and unlocks CAPTURES_LOCK.  */
static struct step *
new_step (CUstream stream)
{
  pthread_mutex_lock (&captures_lock);
  struct capture *capture = find_capture (stream);
  if (!capture)
    {
      pthread_mutex_unlock (&captures_lock);
      return NULL;
    }
  struct cudajit_graph *graph = capture->graph;
  if (graph->count == graph->allocated)
    {
      graph->allocated = graph->allocated ? 2 * graph->allocated : FIRST_STEPS;
      graph->steps = cudajit_xrealloc (
          graph->steps, graph->allocated * sizeof graph->steps[0]);
    }
  struct step *step = &graph->steps[graph->count++];
  memset (step, 0, sizeof *step);
  return step;
}

enum cudajit_capture_result
cudajit_graph_capture_launch (struct cudajit_kernel *kernel,
                              const struct cudajit_launch_config *config,
                              const struct cudajit_site *site, void **args,
                              const size_t *extent_bytes, bool gpu)
{
  if (refuses (config->stream, site, "cuda_launch", false, ""))
    return CUDAJIT_CAPTURE_REFUSED;
  pthread_mutex_lock (&captures_lock);
  struct capture *capture = find_capture (config->stream);
  struct cudajit_site begun = capture ? capture->begun : *site;
  pthread_mutex_unlock (&captures_lock);
  if (!capture)
    return CUDAJIT_CAPTURE_NONE;
  int host_arrays
      = cudajit_count_host_arrays (kernel, site, args, extent_bytes, gpu);
  if (host_arrays < 0)
    return CUDAJIT_CAPTURE_REFUSED;
  if (host_arrays)
    {
      cudajit_error (site,
                     "cuda_launch with %d host array%s, which the launch "
                     "copies to the GPU and back as it runs, on a stream "
                     "that is being captured into a graph "
                     "(cuda_graph_capture_begin at %s:%d), which can hold "
                     "only the launch; pass device memory from "
                     "cuda_to_device or cuda_device_array",
                     host_arrays, host_arrays == 1 ? "" : "s", begun.file,
                     begun.line);
      return CUDAJIT_CAPTURE_REFUSED;
    }
  if (gpu)
    {
      pthread_mutex_lock (&captures_lock);
      capture = find_capture (config->stream);
      if (capture)
        capture->graph->last = *site;
      pthread_mutex_unlock (&captures_lock);
      return CUDAJIT_CAPTURE_NONE;
    }

  unsigned int count = kernel->params ? kernel->params->count : 0;
  size_t offset[count + 1];
  offset[0] = count * sizeof (void *);
  for (unsigned int i = 0; i < count; i++)
    offset[i + 1]
        = (offset[i] + kernel->params->param[i].bytes + CUDAJIT_HOST_ALIGN - 1)
          & ~(size_t) (CUDAJIT_HOST_ALIGN - 1);
  void **copy = cudajit_xrealloc (NULL, offset[count] ? offset[count] : 1);
  for (unsigned int i = 0; i < count; i++)
    {
      copy[i] = (char *) copy + offset[i];
      memcpy (copy[i], args[i], kernel->params->param[i].bytes);
    }
  struct step *step = new_step (config->stream);
  if (!step)
    {
      /* The capture ended meanwhile, in another thread: the launch runs
         now, as it would have after the end.  */
      free (copy);
      return CUDAJIT_CAPTURE_NONE;
    }
  step->kind = STEP_LAUNCH;
  step->kernel = kernel;
  step->config = *config;
  step->site = *site;
  step->args = copy;
  pthread_mutex_unlock (&captures_lock);
  return CUDAJIT_CAPTURE_RECORDED;
}

enum cudajit_capture_result
cudajit_graph_capture_copy (CUstream stream, void *dst, const void *src,
                            size_t bytes, int byte, int device_ends, bool gpu,
                            const char *function)
{
  if (refuses (stream, NULL, function, false, ""))
    return CUDAJIT_CAPTURE_REFUSED;
  struct step *step = new_step (stream);
  if (!step)
    return CUDAJIT_CAPTURE_NONE;
  step->kind = src ? STEP_COPY : STEP_FILL;
  step->dst = dst;
  step->src = src;
  step->bytes = bytes;
  step->byte = byte;
  step->device_ends = device_ends;
  step->function = function;
  pthread_mutex_unlock (&captures_lock);
  /* On the GPU, the driver's capture holds it too.  */
  return gpu ? CUDAJIT_CAPTURE_NONE : CUDAJIT_CAPTURE_RECORDED;
}

void
cudajit_graph_capture_begin (void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  bool gpu = cudajit_gpu_p ();

  if (!stream)
    {
      cudajit_error (&site,
                     "cuda_graph_capture_begin of the default stream, which "
                     "CUDA does not capture; capture a stream from "
                     "cuda_stream");
      return;
    }
  if (!cudajit_check_handle (&site, "cuda_graph_capture_begin", stream,
                             CUDAJIT_STREAM, gpu)
      || refuses (stream, &site, "cuda_graph_capture_begin", true,
                  "; end that capture first"))
    return;
  /* Relaxed, so that the runtime may still compile and load a kernel's
     module at its first launch in the capture.  */
  if (gpu
      && !cudajit_check (cudajit_cu.cuStreamBeginCapture_v2 (
                             stream, CU_STREAM_CAPTURE_MODE_RELAXED),
                         &site, "cuStreamBeginCapture"))
    return;
  enum cudajit_host_mapping mapping;
  struct cudajit_graph *graph
      = cudajit_host_allocate (sizeof *graph, CUDAJIT_HOST_ALIGN, &mapping);
  if (!graph)
    cudajit_fatal (&site, "out of memory allocating a graph");
  memset (graph, 0, sizeof *graph);
  graph->mapping = mapping;
  pthread_mutex_lock (&captures_lock);
  unsigned int count
      = atomic_load_explicit (&cudajit_graph_captures, memory_order_relaxed);
  if (count == captures_allocated)
    {
      captures_allocated
          = captures_allocated ? 2 * captures_allocated : FIRST_CAPTURES;
      captures = cudajit_xrealloc (captures,
                                   captures_allocated * sizeof captures[0]);
    }
  captures[count] = (struct capture){ stream, site, graph };
  atomic_store_explicit (&cudajit_graph_captures, count + 1,
                         memory_order_release);
  pthread_mutex_unlock (&captures_lock);
}

/* Free GRAPH's steps, and on the GPU its instantiated graph, for FUNCTION
   at SITE.  */
static void
free_graph (struct cudajit_graph *graph, const struct cudajit_site *site,
            const char *function)
{
  for (size_t i = 0; i < graph->count; i++)
    free (graph->steps[i].args);
  free (graph->steps);
  graph->steps = NULL;
  graph->count = 0;
  if (graph->exec)
    cudajit_check (cudajit_cu.cuGraphExecDestroy (graph->exec), site,
                   function);
}

void *
cudajit_graph_capture_end (void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  struct cudajit_graph *graph = NULL;
  bool gpu = cudajit_gpu_p ();
  CUgraph captured = NULL;

  if (stream
      && !cudajit_check_handle (&site, "cuda_graph_capture_end", stream,
                                CUDAJIT_STREAM, gpu))
    return NULL;
  pthread_mutex_lock (&captures_lock);
  struct capture *capture = find_capture (stream);
  if (capture)
    {
      unsigned int count = atomic_load_explicit (&cudajit_graph_captures,
                                                 memory_order_relaxed);
      graph = capture->graph;
      *capture = captures[count - 1];
      atomic_store_explicit (&cudajit_graph_captures, count - 1,
                             memory_order_release);
    }
  pthread_mutex_unlock (&captures_lock);
  if (!graph)
    {
      cudajit_error (&site,
                     "cuda_graph_capture_end of a stream that is not being "
                     "captured; begin with cuda_graph_capture_begin");
      return NULL;
    }
  if (gpu)
    {
      bool ok
          = cudajit_check (cudajit_cu.cuStreamEndCapture (stream, &captured),
                           &site, "cuStreamEndCapture");
      ok = ok
           && cudajit_check (cudajit_cu.cuGraphInstantiateWithFlags (
                                 &graph->exec, captured, 0),
                             &site, "cuGraphInstantiate");
      /* The instantiated graph keeps what it needs of it.  */
      if (captured)
        cudajit_cu.cuGraphDestroy (captured);
      if (!ok)
        {
          cudajit_host_free (graph, sizeof *graph, graph->mapping);
          return NULL;
        }
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
   there, for the graph's launch at SITE, on the GPU if GPU; if not,
   report it, by the function that captured the copy or fill.  */
static bool
replayable (const struct cudajit_graph *graph, const struct cudajit_site *site,
            bool gpu)
{
  for (size_t i = 0; i < graph->count; i++)
    {
      const struct step *step = &graph->steps[i];
      if (step->kind == STEP_LAUNCH)
        continue;
      char function[128];
      snprintf (function, sizeof function, "cuda_graph_launch replays %s",
                step->function);
      if (((step->device_ends & CUDAJIT_DEVICE_DST)
           && !cudajit_check_range (site, function, step->dst, step->bytes,
                                    gpu))
          || ((step->device_ends & CUDAJIT_DEVICE_SRC)
              && !cudajit_check_range (site, function, step->src, step->bytes,
                                       gpu)))
        return false;
    }
  return true;
}

void
cudajit_graph_launch (void *graph, void *stream, const char *file, int line)
{
  const struct cudajit_site site = { NULL, file, line };
  struct cudajit_graph *g = graph;
  bool gpu = cudajit_gpu_p ();

  if (!check_graph (graph, &site, "cuda_graph_launch")
      || (stream
          && !cudajit_check_handle (&site, "cuda_graph_launch", stream,
                                    CUDAJIT_STREAM, gpu))
      || refuses (stream, &site, "cuda_graph_launch", true,
                  "; launch the graph on another stream"))
    return;
  if (!replayable (g, &site, gpu))
    return;
  if (gpu)
    {
      if (g->last.kernel)
        cudajit_note_launch (&g->last);
      cudajit_check (cudajit_cu.cuGraphLaunch (g->exec, stream), &site,
                     "cuda_graph_launch");
      return;
    }
  for (size_t i = 0; i < g->count; i++)
    {
      const struct step *step = &g->steps[i];
      switch (step->kind)
        {
        case STEP_LAUNCH:
          cudajit_cpu_launch (step->kernel, &step->config, step->args,
                              &step->site, NULL);
          break;
        case STEP_COPY:
          memmove (step->dst, step->src, step->bytes);
          break;
        case STEP_FILL:
          memset (step->dst, step->byte, step->bytes);
          break;
        }
    }
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
