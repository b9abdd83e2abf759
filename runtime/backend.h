/* SPDX-License-Identifier: MIT */
/* The seam between the API files and the two backends: one table of
   operations, filled once for the GPU (gpu-*.c, through the CUDA driver)
   and once for the CPU backend (cpu-*.c), as libgomp's
   struct gomp_device_descr is by each plugin.  The API files check their
   arguments, keep the registry, capture into graphs, and call through the
   table for what a backend does; they call no driver function and test
   no backend themselves.  Included by internal.h.  */

#ifndef CUDAJIT_BACKEND_H
#define CUDAJIT_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

/* What a cuda_ipc_handle_t holds (ipc.c).  */
struct cudajit_ipc_handle
{
  uint32_t magic;
  /* Whether the GPU made it, rather than the CPU backend.  */
  uint32_t gpu;
  int32_t pid;
  /* The CPU backend's memfd in process PID, and its inode, which the
     descriptor must still name.  */
  int32_t fd;
  uint64_t inode;
  /* The allocation's size, and where the pointer lies in it; on the CPU
     backend, where the allocation lies in the memfd.  */
  uint64_t size, offset, file_offset;
  CUipcMemHandle driver;
};

/* What a graph does, one step after another: a capture records each
   launch, copy and fill queued on its stream (graph-capture.c), which the
   CPU backend runs at each launch of the graph, and whose device memory
   each launch checks on both backends.  */
enum cudajit_step_kind
{
  CUDAJIT_STEP_LAUNCH,
  CUDAJIT_STEP_COPY,
  CUDAJIT_STEP_FILL
};

struct cudajit_graph_step
{
  enum cudajit_step_kind kind;
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

/* A copy of HEIGHT rows of WIDTH bytes from SRC, whose rows are SPITCH
   bytes apart, to DST, whose rows are DPITCH bytes apart, with the
   DEVICE_ENDS of enum cudajit_copy_ends: cuda_copy_2d's, checked.  Each
   end's BYTES run from its start to the end of its last row.  */
struct cudajit_copy_2d
{
  void *dst;
  size_t dpitch, dst_bytes;
  const void *src;
  size_t spitch, src_bytes;
  size_t width, height;
  int device_ends;
};

/* What a cuda_graph_t points to, on both backends.  */
struct cudajit_graph
{
  /* The driver's instantiated graph, on the GPU.  */
  CUgraphExec exec;
  /* The steps.  */
  struct cudajit_graph_step *steps;
  size_t count, allocated;
  /* How the runtime mapped the graph itself.  */
  enum cudajit_host_mapping mapping;
};

struct cudajit_backend_ops
{
  /* Whether kernels run on a GPU: what the registry's checks take, as
     there memory and handles that the runtime did not hand out may be the
     driver's.  */
  bool gpu;
  /* Where kernels run, for messages: "the GPU", "the CPU backend".  */
  const char *where;
  /* Whether a capture records the launches, copies and fills queued on
     its stream instead of running them, to run them at each launch of
     the graph; else the driver's capture holds them as they are
     queued.  */
  bool records_captures;

  /* Memory (memory.c).  */

  /* BYTES of memory of KIND for FUNCTION, from the pool on STREAM for
     pool memory, with the driver's HOST_FLAGS (CU_MEMHOSTALLOC_*) too for
     mapped memory, into *P, with how it is mapped and the driver's id of
     it for the registry.  False if that failed with an error reported;
     true with *P null if out of memory.  */
  bool (*allocate) (void **p, size_t bytes, enum cudajit_object_kind kind,
                    unsigned int host_flags, cuda_stream_t stream,
                    const char *function, enum cudajit_host_mapping *mapping,
                    unsigned long long *buffer_id);
  /* Device memory of HEIGHT rows of WIDTH bytes, both above zero, for
     FUNCTION, into *P, each row starting *PITCH bytes after the one
     before, as allocate does; *PITCH is the GPU's choice, or what it
     would be.  */
  bool (*allocate_pitched) (void **p, size_t *pitch, size_t width,
                            size_t height, const char *function,
                            enum cudajit_host_mapping *mapping,
                            unsigned long long *buffer_id);
  /* What memory of KIND is, for the message of an allocation that runs
     out of it.  */
  const char *(*memory_name) (enum cudajit_object_kind kind);
  /* Whether the driver knows P as memory that kernels use as it is,
     though the runtime did not hand it out (cudaMalloc's, another
     library's, or an IPC mapping's): device memory of GPU *OWNER, or
     managed memory, with *OWNER -1.  */
  bool (*driver_memory) (const void *p, int *owner);
  /* Free P, memory of KIND, for FUNCTION, on STREAM for pool memory, once
     the registry has RELEASED it, or not, when it does not know it.  */
  void (*release) (void *p, enum cudajit_object_kind kind, bool released,
                   cuda_stream_t stream, const char *function);
  /* Free the device memory at P, which the registry released, saying
     nothing if that fails.  */
  void (*release_quietly) (void *p);
  /* Copy BYTES from SRC to DST, to the device if TO_DEVICE, else from it,
     for FUNCTION: queued on STREAM if ASYNC, else at once.  Return false
     if that fails.  */
  bool (*copy) (void *dst, const void *src, size_t bytes, bool to_device,
                bool async, cuda_stream_t stream, const char *function);
  /* Copy BYTES from SRC to DST, both device memory, for FUNCTION: queued
     on STREAM if ASYNC.  */
  void (*copy_device) (void *dst, const void *src, size_t bytes, bool async,
                       cuda_stream_t stream, const char *function);
  /* Do COPY, whose rows are not empty, at once, for FUNCTION.  */
  void (*copy_2d) (const struct cudajit_copy_2d *copy, const char *function);
  /* Set the BYTES of device memory at PTR to BYTE, for FUNCTION: queued
     on STREAM if ASYNC.  */
  void (*memset) (void *ptr, int byte, size_t bytes, bool async,
                  cuda_stream_t stream, const char *function);
  /* Pin the BYTES of the program's memory at HOST for cuda_pin; false if
     that fails.  */
  bool (*pin) (void *host, size_t bytes);
  /* Unpin what cuda_pin pinned at HOST, for cuda_unpin.  */
  void (*unpin) (void *host);
  /* Copy BYTES from HOST to the device's copy of the device variable at
     SYMBOL if TO, else the other way, for FUNCTION at SITE: queued on
     STREAM, the driver's, if ASYNC.  False if the variable has no copy
     on the device, where the host variable is its only one.  */
  bool (*copy_symbol) (void *symbol, void *host, size_t bytes, bool to,
                       bool async, cuda_stream_t stream,
                       const struct cudajit_site *site, const char *function);
  /* Wait for all the work queued on the device, for FUNCTION.  */
  void (*synchronize) (const char *function);

  /* Streams and events (stream.c), whose handles were checked.  */

  /* A new stream, registered, for FUNCTION; null if that fails.  */
  cuda_stream_t (*stream_create) (const char *function);
  /* End STREAM, which the registry released, for FUNCTION.  */
  void (*stream_destroy) (cuda_stream_t stream, const char *function);
  /* Wait for the work queued on STREAM, for FUNCTION.  */
  void (*stream_synchronize) (cuda_stream_t stream, const char *function);
  /* Have STREAM wait for EVENT, for FUNCTION.  */
  void (*stream_wait_event) (cuda_stream_t stream, cuda_event_t event,
                             const char *function);
  /* Run FUNCTION (ARG) once the work queued on STREAM is done, for
     CALLER.  */
  void (*stream_add_callback) (cuda_stream_t stream, void (*function) (void *),
                               void *arg, const char *caller);
  /* A new event made with the driver's FLAGS, registered, for FUNCTION;
     null if that fails.  */
  cuda_event_t (*event_create) (unsigned int flags, const char *function);
  /* End EVENT, which the registry released, for FUNCTION.  */
  void (*event_destroy) (cuda_event_t event, const char *function);
  /* Record EVENT on STREAM, for FUNCTION.  */
  void (*event_record) (cuda_event_t event, cuda_stream_t stream,
                        const char *function);
  /* Wait for EVENT, for FUNCTION.  */
  void (*event_synchronize) (cuda_event_t event, const char *function);
  /* 1 if EVENT has completed (or failed), else 0, for FUNCTION.  */
  int (*event_query) (cuda_event_t event, const char *function);
  /* The milliseconds from START to STOP, both keeping time, for FUNCTION;
     NAN if that fails.  */
  float (*event_elapsed_ms) (cuda_event_t start, cuda_event_t stop,
                             const char *function);

  /* Launches (launch.c, kernel-info.c).  */

  /* Launch K at SITE with CONFIG and ARGS, the addresses of the
     arguments' values, and the sizes in bytes of its host arrays
     EXTENT_BYTES, as for cudajit_launch, whose stream was checked: the
     configuration and arguments checked against the device's limits,
     the launch recorded instead if its stream is being captured.  Errors
     are reported.  */
  void (*launch_kernel) (struct cudajit_kernel *k,
                         struct cudajit_launch_config config,
                         const struct cudajit_site *site, void **args,
                         const size_t *extent_bytes);
  /* Whether CONFIG of KERNEL respects the limits of the calling thread's
     device; if not, report why, at SITE.  */
  bool (*config_fits) (const struct cudajit_kernel *kernel,
                       const struct cudajit_launch_config *config,
                       const struct cudajit_site *site);
  /* How many blocks of BLOCK's threads of KERNEL, each with SHARED_BYTES
     of dynamic shared memory, a multiprocessor holds at once, into
     *PER_MULTIPROCESSOR, and how many multiprocessors the device has,
     into *MULTIPROCESSORS: on the GPU, from the occupancy calculator; on
     the CPU backend, CUDAJIT_CPU_RESIDENT_THREADS in up to
     CUDAJIT_CPU_RESIDENT_BLOCKS on each of its threads.  False once an
     error is reported, at SITE.  */
  bool (*resident_blocks) (struct cudajit_kernel *kernel, cuda_dim3 block,
                           size_t shared_bytes,
                           const struct cudajit_site *site,
                           int *per_multiprocessor, int *multiprocessors);
  /* The block size that cuda_forall takes for KERNEL with SHARED_BYTES of
     dynamic shared memory, into *BLOCK: one of best occupancy on the
     GPU, a fixed one on the CPU backend.  False as above.  */
  bool (*best_block) (struct cudajit_kernel *kernel, size_t shared_bytes,
                      const struct cudajit_site *site, int *block);

  /* Graphs (graph.c), whose stream and graph were checked.  */

  /* Begin the capture of STREAM, for cuda_graph_capture_begin at SITE;
     false once an error is reported.  */
  bool (*graph_begin) (cuda_stream_t stream, const struct cudajit_site *site);
  /* End the capture of STREAM into GRAPH, for cuda_graph_capture_end at
     SITE; false once an error is reported.  */
  bool (*graph_end) (cuda_stream_t stream, struct cudajit_graph *graph,
                     const struct cudajit_site *site);
  /* Launch GRAPH on STREAM, for cuda_graph_launch at SITE.  */
  void (*graph_launch) (const struct cudajit_graph *graph,
                        cuda_stream_t stream, const struct cudajit_site *site);
  /* Free the backend's part of GRAPH, for FUNCTION at SITE.  */
  void (*graph_destroy) (struct cudajit_graph *graph,
                         const struct cudajit_site *site,
                         const char *function);

  /* Fill *INFO with the attributes of KERNEL, for cuda_kernel_info at
     SITE; false once an error is reported.  */
  bool (*kernel_info) (struct cudajit_kernel *kernel,
                       struct cuda_kernel_info *info,
                       const struct cudajit_site *site);
  /* The architecture that NVRTC compiles for cuda_kernel_ptx and
     cuda_kernel_cubin: the GPU's, or on the CPU backend the newest that
     NVRTC knows.  */
  int (*query_arch) (void);
  /* The image of MODULE compiled ahead of time that answers a query for
     its PTX, or its cubin: on a GPU, the newest PTX for it or older, or
     the cubin that it runs; on the CPU backend, the newest.  Null if it
     has none.  Under cudajit_module_lock.  */
  const struct cudajit_embedded_image *(*query_image) (
      const struct cudajit_module *module, bool ptx);
  /* Fold the N elements of ELEMENT_SIZE bytes at ARRAY, with INIT, by
     K, the kernel that the plugin made for the cuda_reduce at SITE, on
     STREAM (checked): into RES, memory that kernels write, if not null,
     else into RESULT on the host, waiting for it.  Whether RESULT holds
     it; the initial value alone where N is 0.  */
  int (*reduce) (struct cudajit_kernel *k, const void *array, long long n,
                 size_t element_size, const void *init, cuda_stream_t stream,
                 void *res, const struct cudajit_site *site, void *result);

  /* Begin and end the capture range of a profiler (profiler.c).  */
  void (*profiler_start) (void);
  void (*profiler_stop) (void);

  /* Device queries (device-queries.c).  */

  /* Print what cuda_detect says of the COUNT devices; return how many
     cudajit can use.  */
  int (*detect) (int count);
  /* Fill *P, zeroed, with the properties of DEVICE for FUNCTION; false
     once the driver's error is reported.  */
  bool (*device_properties) (int device, struct cuda_device_properties *p,
                             const char *function);
  /* The free and total bytes of the device's memory, for FUNCTION; left
     at 0 after an error.  */
  void (*memory_info) (size_t *free_bytes, size_t *total_bytes,
                       const char *function);
  /* Give the heap of malloc and free in kernels BYTES, for FUNCTION.  */
  void (*set_device_heap) (size_t bytes, const char *function);

  /* Textures (texture.c).  */

  /* A texture over the HEIGHT rows of WIDTH floats at DEV, PITCH bytes
     apart, all checked, read with linear filtering and clamped addresses
     at coordinates in elements, into *TEXTURE, for FUNCTION; false once
     an error is reported.  */
  bool (*texture_create) (const float *dev, size_t width, size_t height,
                          size_t pitch, cuda_texture_t *texture,
                          const char *function);
  /* End TEXTURE, which texture.c knew as live, for FUNCTION.  */
  void (*texture_destroy) (cuda_texture_t texture, const char *function);

  /* Memory shared between processes (ipc.c).  */

  /* Fill H for INFO, the device memory that cuda_ipc_handle shares;
     false after reporting why it cannot be.  */
  bool (*ipc_share) (const struct cudajit_object_info *info,
                     struct cudajit_ipc_handle *h);
  /* The base of this process's mapping of the memory that H names, with
     the driver's id of it for the registry; null after reporting why
     there is none.  */
  void *(*ipc_open) (const struct cudajit_ipc_handle *h,
                     unsigned long long *buffer_id);
  /* Unmap INFO, which ipc_open mapped and the registry released.  */
  void (*ipc_close) (const struct cudajit_object_info *info);
};

/* The backend, chosen on the first call (cudajit_gpu_p).  */
const struct cudajit_backend_ops *cudajit_backend_ops (void);

/* The operations of the two tables, which only backend.c names.  */

/* gpu-device-queries.c */
int cudajit_gpu_detect (int count);
bool cudajit_gpu_device_properties (int device,
                                    struct cuda_device_properties *p,
                                    const char *function);
void cudajit_gpu_memory_info (size_t *free_bytes, size_t *total_bytes,
                              const char *function);
void cudajit_gpu_set_device_heap (size_t bytes, const char *function);

/* gpu-texture.c */
bool cudajit_gpu_texture_create (const float *dev, size_t width, size_t height,
                                 size_t pitch, cuda_texture_t *texture,
                                 const char *function);
void cudajit_gpu_texture_destroy (cuda_texture_t texture,
                                  const char *function);

/* gpu-ipc.c */
bool cudajit_gpu_ipc_share (const struct cudajit_object_info *info,
                            struct cudajit_ipc_handle *h);
void *cudajit_gpu_ipc_open (const struct cudajit_ipc_handle *h,
                            unsigned long long *buffer_id);
void cudajit_gpu_ipc_close (const struct cudajit_object_info *info);

/* gpu-graph.c */
bool cudajit_gpu_graph_begin (cuda_stream_t stream,
                              const struct cudajit_site *site);
bool cudajit_gpu_graph_end (cuda_stream_t stream, struct cudajit_graph *graph,
                            const struct cudajit_site *site);
void cudajit_gpu_graph_launch (const struct cudajit_graph *graph,
                               cuda_stream_t stream,
                               const struct cudajit_site *site);
void cudajit_gpu_graph_destroy (struct cudajit_graph *graph,
                                const struct cudajit_site *site,
                                const char *function);

/* gpu-reduce.c */
int cudajit_gpu_reduce (struct cudajit_kernel *k, const void *array,
                        long long n, size_t element_size, const void *init,
                        cuda_stream_t stream, void *res,
                        const struct cudajit_site *site, void *result);

/* gpu-kernel-info.c */
bool cudajit_gpu_kernel_info (struct cudajit_kernel *kernel,
                              struct cuda_kernel_info *info,
                              const struct cudajit_site *site);
int cudajit_gpu_query_arch (void);
const struct cudajit_embedded_image *
cudajit_gpu_query_image (const struct cudajit_module *module, bool ptx);

/* gpu-profiler.c */
void cudajit_gpu_profiler_start (void);
void cudajit_gpu_profiler_stop (void);

/* gpu-launch.c */
void cudajit_gpu_launch_kernel (struct cudajit_kernel *k,
                                struct cudajit_launch_config config,
                                const struct cudajit_site *site, void **args,
                                const size_t *extent_bytes);
bool cudajit_gpu_config_fits (const struct cudajit_kernel *kernel,
                              const struct cudajit_launch_config *config,
                              const struct cudajit_site *site);
bool cudajit_gpu_resident_blocks (struct cudajit_kernel *kernel,
                                  cuda_dim3 block, size_t shared_bytes,
                                  const struct cudajit_site *site,
                                  int *per_multiprocessor,
                                  int *multiprocessors);
bool cudajit_gpu_best_block (struct cudajit_kernel *kernel,
                             size_t shared_bytes,
                             const struct cudajit_site *site, int *block);

/* gpu-memory.c */
bool cudajit_gpu_allocate (void **p, size_t bytes,
                           enum cudajit_object_kind kind,
                           unsigned int host_flags, cuda_stream_t stream,
                           const char *function,
                           enum cudajit_host_mapping *mapping,
                           unsigned long long *buffer_id);
bool cudajit_gpu_allocate_pitched (void **p, size_t *pitch, size_t width,
                                   size_t height, const char *function,
                                   enum cudajit_host_mapping *mapping,
                                   unsigned long long *buffer_id);
const char *cudajit_gpu_memory_name (enum cudajit_object_kind kind);
void cudajit_gpu_release (void *p, enum cudajit_object_kind kind,
                          bool released, cuda_stream_t stream,
                          const char *function);
void cudajit_gpu_release_quietly (void *p);
bool cudajit_gpu_copy (void *dst, const void *src, size_t bytes,
                       bool to_device, bool async, cuda_stream_t stream,
                       const char *function);
void cudajit_gpu_copy_device (void *dst, const void *src, size_t bytes,
                              bool async, cuda_stream_t stream,
                              const char *function);
void cudajit_gpu_copy_2d (const struct cudajit_copy_2d *copy,
                          const char *function);
void cudajit_gpu_memset (void *ptr, int byte, size_t bytes, bool async,
                         cuda_stream_t stream, const char *function);
bool cudajit_gpu_pin (void *host, size_t bytes);
void cudajit_gpu_unpin (void *host);
void cudajit_gpu_synchronize (const char *function);
bool cudajit_gpu_copy_symbol (void *symbol, void *host, size_t bytes, bool to,
                              bool async, cuda_stream_t stream,
                              const struct cudajit_site *site,
                              const char *function);

/* gpu-stream.c */
cuda_stream_t cudajit_gpu_stream_create (const char *function);
void cudajit_gpu_stream_destroy (cuda_stream_t stream, const char *function);
void cudajit_gpu_stream_synchronize (cuda_stream_t stream,
                                     const char *function);
void cudajit_gpu_stream_wait_event (cuda_stream_t stream, cuda_event_t event,
                                    const char *function);
void cudajit_gpu_stream_add_callback (cuda_stream_t stream,
                                      void (*function) (void *), void *arg,
                                      const char *caller);
cuda_event_t cudajit_gpu_event_create (unsigned int flags,
                                       const char *function);
void cudajit_gpu_event_destroy (cuda_event_t event, const char *function);
void cudajit_gpu_event_record (cuda_event_t event, cuda_stream_t stream,
                               const char *function);
void cudajit_gpu_event_synchronize (cuda_event_t event, const char *function);
int cudajit_gpu_event_query (cuda_event_t event, const char *function);
float cudajit_gpu_event_elapsed_ms (cuda_event_t start, cuda_event_t stop,
                                    const char *function);

/* cpu-device-queries.c */
int cudajit_cpu_detect (int count);
bool cudajit_cpu_device_properties (int device,
                                    struct cuda_device_properties *p,
                                    const char *function);
void cudajit_cpu_memory_info (size_t *free_bytes, size_t *total_bytes,
                              const char *function);
void cudajit_cpu_set_device_heap (size_t bytes, const char *function);

/* cpu-texture.c */
bool cudajit_cpu_texture_create (const float *dev, size_t width, size_t height,
                                 size_t pitch, cuda_texture_t *texture,
                                 const char *function);
void cudajit_cpu_texture_destroy (cuda_texture_t texture,
                                  const char *function);

/* cpu-ipc.c */
bool cudajit_cpu_ipc_share (const struct cudajit_object_info *info,
                            struct cudajit_ipc_handle *h);
void *cudajit_cpu_ipc_open (const struct cudajit_ipc_handle *h,
                            unsigned long long *buffer_id);
void cudajit_cpu_ipc_close (const struct cudajit_object_info *info);

/* cpu-graph.c */
bool cudajit_cpu_graph_begin (cuda_stream_t stream,
                              const struct cudajit_site *site);
bool cudajit_cpu_graph_end (cuda_stream_t stream, struct cudajit_graph *graph,
                            const struct cudajit_site *site);
void cudajit_cpu_graph_launch (const struct cudajit_graph *graph,
                               cuda_stream_t stream,
                               const struct cudajit_site *site);
void cudajit_cpu_graph_destroy (struct cudajit_graph *graph,
                                const struct cudajit_site *site,
                                const char *function);

/* cpu-reduce.c */
int cudajit_cpu_reduce (struct cudajit_kernel *k, const void *array,
                        long long n, size_t element_size, const void *init,
                        cuda_stream_t stream, void *res,
                        const struct cudajit_site *site, void *result);

/* cpu-kernel-info.c */
bool cudajit_cpu_kernel_info (struct cudajit_kernel *kernel,
                              struct cuda_kernel_info *info,
                              const struct cudajit_site *site);
int cudajit_cpu_query_arch (void);
const struct cudajit_embedded_image *
cudajit_cpu_query_image (const struct cudajit_module *module, bool ptx);

/* cpu-profiler.c */
void cudajit_cpu_profiler_start (void);
void cudajit_cpu_profiler_stop (void);

/* cpu-launch.c */
void cudajit_cpu_launch_kernel (struct cudajit_kernel *k,
                                struct cudajit_launch_config config,
                                const struct cudajit_site *site, void **args,
                                const size_t *extent_bytes);
bool cudajit_cpu_config_fits (const struct cudajit_kernel *kernel,
                              const struct cudajit_launch_config *config,
                              const struct cudajit_site *site);
bool cudajit_cpu_resident_blocks (struct cudajit_kernel *kernel,
                                  cuda_dim3 block, size_t shared_bytes,
                                  const struct cudajit_site *site,
                                  int *per_multiprocessor,
                                  int *multiprocessors);
bool cudajit_cpu_best_block (struct cudajit_kernel *kernel,
                             size_t shared_bytes,
                             const struct cudajit_site *site, int *block);

/* cpu-memory.c */
bool cudajit_cpu_allocate (void **p, size_t bytes,
                           enum cudajit_object_kind kind,
                           unsigned int host_flags, cuda_stream_t stream,
                           const char *function,
                           enum cudajit_host_mapping *mapping,
                           unsigned long long *buffer_id);
bool cudajit_cpu_allocate_pitched (void **p, size_t *pitch, size_t width,
                                   size_t height, const char *function,
                                   enum cudajit_host_mapping *mapping,
                                   unsigned long long *buffer_id);
const char *cudajit_cpu_memory_name (enum cudajit_object_kind kind);
bool cudajit_cpu_driver_memory (const void *p, int *owner);
void cudajit_cpu_release (void *p, enum cudajit_object_kind kind,
                          bool released, cuda_stream_t stream,
                          const char *function);
void cudajit_cpu_release_quietly (void *p);
bool cudajit_cpu_copy (void *dst, const void *src, size_t bytes,
                       bool to_device, bool async, cuda_stream_t stream,
                       const char *function);
void cudajit_cpu_copy_device (void *dst, const void *src, size_t bytes,
                              bool async, cuda_stream_t stream,
                              const char *function);
void cudajit_cpu_copy_2d (const struct cudajit_copy_2d *copy,
                          const char *function);
void cudajit_cpu_memset (void *ptr, int byte, size_t bytes, bool async,
                         cuda_stream_t stream, const char *function);
bool cudajit_cpu_pin (void *host, size_t bytes);
void cudajit_cpu_unpin (void *host);
void cudajit_cpu_synchronize (const char *function);
bool cudajit_cpu_copy_symbol (void *symbol, void *host, size_t bytes, bool to,
                              bool async, cuda_stream_t stream,
                              const struct cudajit_site *site,
                              const char *function);

/* cpu-stream.c */
cuda_stream_t cudajit_cpu_stream_create (const char *function);
void cudajit_cpu_stream_destroy (cuda_stream_t stream, const char *function);
void cudajit_cpu_stream_synchronize (cuda_stream_t stream,
                                     const char *function);
void cudajit_cpu_stream_wait_event (cuda_stream_t stream, cuda_event_t event,
                                    const char *function);
void cudajit_cpu_stream_add_callback (cuda_stream_t stream,
                                      void (*function) (void *), void *arg,
                                      const char *caller);
cuda_event_t cudajit_cpu_event_create (unsigned int flags,
                                       const char *function);
void cudajit_cpu_event_destroy (cuda_event_t event, const char *function);
void cudajit_cpu_event_record (cuda_event_t event, cuda_stream_t stream,
                               const char *function);
void cudajit_cpu_event_synchronize (cuda_event_t event, const char *function);
int cudajit_cpu_event_query (cuda_event_t event, const char *function);
float cudajit_cpu_event_elapsed_ms (cuda_event_t start, cuda_event_t stop,
                                    const char *function);

/* Run FUNCTION (ARG), a stream callback, which may not call cudajit
   (cudajit_stream_callback): for both backends' stream_add_callback.  */
static inline void
cudajit_run_stream_callback (void (*function) (void *), void *arg)
{
  cudajit_stream_callback = function;
  function (arg);
  cudajit_stream_callback = NULL;
}

#endif /* backend.h */
