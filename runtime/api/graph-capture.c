/* SPDX-License-Identifier: MIT */
/* The streams being captured into graphs (graph.c): what a capture
   refuses, the same on both backends, and the steps that it records of
   each launch, copy and fill queued on its stream, which the CPU backend
   runs at each launch of the graph (cpu-graph.c), and whose device
   memory each launch of the graph checks on both backends.  */

#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The room for steps of a graph, and for captures, at first; each
   doubles when full.  */
enum
{
  FIRST_STEPS = 16,
  FIRST_CAPTURES = 4
};

/* A stream being captured, since the cuda_graph_capture_begin at BEGUN,
   into GRAPH.  */
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
static struct cudajit_graph_step *
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
  struct cudajit_graph_step *step = &graph->steps[graph->count++];
  memset (step, 0, sizeof *step);
  return step;
}

enum cudajit_capture_result
cudajit_graph_capture_launch (struct cudajit_kernel *kernel,
                              const struct cudajit_launch_config *config,
                              const struct cudajit_site *site, void **args,
                              const size_t *extent_bytes,
                              cudajit_classify_argument *classify)
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
      = cudajit_count_host_arrays (kernel, site, args, extent_bytes, classify);
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
  struct cudajit_graph_step *step = new_step (config->stream);
  if (!step)
    {
      /* The capture ended meanwhile, in another thread: the launch runs
         now, as it would have after the end.  */
      free (copy);
      return CUDAJIT_CAPTURE_NONE;
    }
  step->kind = CUDAJIT_STEP_LAUNCH;
  step->kernel = kernel;
  step->config = *config;
  step->site = *site;
  step->args = copy;
  pthread_mutex_unlock (&captures_lock);
  return CUDAJIT_CAPTURE_RECORDED;
}

enum cudajit_capture_result
cudajit_graph_capture_copy (CUstream stream, void *dst, const void *src,
                            size_t bytes, int byte, int device_ends,
                            bool records, const char *function)
{
  if (refuses (stream, NULL, function, false, ""))
    return CUDAJIT_CAPTURE_REFUSED;
  struct cudajit_graph_step *step = new_step (stream);
  if (!step)
    return CUDAJIT_CAPTURE_NONE;
  step->kind = src ? CUDAJIT_STEP_COPY : CUDAJIT_STEP_FILL;
  step->dst = dst;
  step->src = src;
  step->bytes = bytes;
  step->byte = byte;
  step->device_ends = device_ends;
  step->function = function;
  pthread_mutex_unlock (&captures_lock);
  /* Where the driver's capture holds it too, it is still to be
     queued.  */
  return records ? CUDAJIT_CAPTURE_RECORDED : CUDAJIT_CAPTURE_NONE;
}

bool
cudajit_graph_refuses_again (CUstream stream, const struct cudajit_site *site,
                             const char *function, const char *why)
{
  return refuses (stream, site, function, true, why);
}

void
cudajit_graph_add_capture (CUstream stream, const struct cudajit_site *site,
                           struct cudajit_graph *graph)
{
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
  captures[count] = (struct capture){ stream, *site, graph };
  atomic_store_explicit (&cudajit_graph_captures, count + 1,
                         memory_order_release);
  pthread_mutex_unlock (&captures_lock);
}

struct cudajit_graph *
cudajit_graph_remove_capture (CUstream stream)
{
  struct cudajit_graph *graph = NULL;

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
  return graph;
}
