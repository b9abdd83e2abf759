/* Automatic transfer of host arrays.

   A pointer parameter whose declaration gives the extent of its array
   (see plugin/array-params.cc) may receive host memory: the launch then
   allocates device memory, copies the array in, launches, waits, copies
   it back and frees, copying only in the directions that the declaration
   allows.  Device memory, from cudajit, cudaMalloc or managed memory, is
   passed as it is.  Host memory given to a pointer parameter without an
   extent is an error, rather than a fault on the GPU.

   Ordinary host memory is pageable, which the driver copies at a fraction
   of the bus's speed.  So arrays are staged through pinned buffers, a
   chunk at a time: several host threads copy the next chunk into a pinned
   buffer while the DMA engine moves the previous one.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


atomic_uint cudajit_free_generation;

/* What an argument for a pointer parameter is.  */
enum argument_memory
{
  DEVICE_ARGUMENT,
  /* Host memory, including pinned memory, which the GPU could reach only
     across the bus.  */
  HOST_ARGUMENT,
  /* Memory that cudajit has freed.  */
  FREED_ARGUMENT
};

/* Whether PTR, the argument for PARAM, was found to be device memory
   since the last free, at GENERATION.  */
static bool
known_device_p (struct cudajit_param *param, void *ptr,
                unsigned int generation)
{
  return (atomic_load_explicit (&param->known_device, memory_order_relaxed)
            == ptr
          && atomic_load_explicit (&param->known_generation,
                                   memory_order_relaxed)
               == generation);
}

/* What PTR, an argument for PARAM, is, on the GPU if GPU, else on the CPU
   backend, where device memory is the host memory that the registry knows
   as such.  */
static enum argument_memory
argument_memory (struct cudajit_param *param, void *ptr, bool gpu)
{
  unsigned int generation
    = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);
  if (known_device_p (param, ptr, generation))
    return DEVICE_ARGUMENT;

  struct cudajit_object_info info = cudajit_find_object (ptr);
  bool freed = info.known && info.released;
  if (!info.known || info.released || info.kind != CUDAJIT_DEVICE_MEMORY)
    {
      /* The driver also knows memory from cudaMalloc and managed memory,
         which may be where cudajit freed some.  */
      if (!gpu || (info.known && !info.released)
          || (freed && cudajit_gpu_freed_p (&info, ptr)))
        return freed ? FREED_ARGUMENT : HOST_ARGUMENT;
      unsigned int type = 0, managed = 0;
      CUdeviceptr address = (CUdeviceptr) ptr;
      if (cudajit_cu.cuPointerGetAttribute (&type,
                                            CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                            address)
            != CUDA_SUCCESS
          || (type == CU_MEMORYTYPE_HOST
              && (cudajit_cu.cuPointerGetAttribute (
                    &managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, address)
                    != CUDA_SUCCESS
                  || !managed)))
        return freed ? FREED_ARGUMENT : HOST_ARGUMENT;
    }
  atomic_store_explicit (&param->known_device, ptr, memory_order_relaxed);
  atomic_store_explicit (&param->known_generation, generation,
                         memory_order_relaxed);
  return DEVICE_ARGUMENT;
}

/* Set HOST[i] for the arguments of KERNEL's launch at FILE:LINE that are
   host arrays, on the GPU if GPU.  Return the number of them, or -1 after
   reporting an argument that cannot be passed.  */
static int
find_host_arrays (struct cudajit_kernel *kernel, const char *file, int line,
                  void **args, const size_t *extent_bytes, bool gpu,
                  bool *host)
{
  struct cudajit_params *params = kernel->params;
  int host_arrays = 0;

  for (unsigned int i = 0; i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      void *ptr = p->pointer ? *(void **) args[i] : NULL;
      enum argument_memory memory
        = ptr ? argument_memory (p, ptr, gpu) : DEVICE_ARGUMENT;
      host[i] = memory != DEVICE_ARGUMENT;
      if (memory == FREED_ARGUMENT)
        {
          struct cudajit_object_info info = cudajit_find_object (ptr);
          cudajit_error (kernel->name, file, line,
                         "argument %u, '%s', points into %s that was %s",
                         i + 1, p->name, cudajit_object_kinds[info.kind].what,
                         cudajit_object_kinds[info.kind].ended);
          return -1;
        }
      if (!host[i])
        continue;
      if (!extent_bytes || !extent_bytes[i] || !p->copies)
        {
          cudajit_error (kernel->name, file, line,
                       "argument %u, '%s', is host memory, but the parameter "
                       "does not declare the extent that would copy it to "
                       "the GPU; declare it as an array, for example "
                       "'float %s[n]' with n another parameter, or pass "
                       "device memory from cuda_to_device or "
                       "cuda_device_array",
                       i + 1, p->name, p->name);
          return -1;
        }
      host_arrays++;
    }
  return host_arrays;
}

/* The arguments of cudajit_check_cpu_arguments, when they are not those
   of the last launch.  */
static __attribute__ ((noinline, cold)) bool
check_new_cpu_arguments (struct cudajit_kernel *kernel, const char *file,
                         int line, void **args, const size_t *extent_bytes)
{
  bool host[kernel->params->count];
  return find_host_arrays (kernel, file, line, args, extent_bytes, false,
                           host) >= 0;
}

bool
cudajit_check_cpu_arguments (struct cudajit_kernel *kernel, const char *file,
                             int line, void **args,
                             const size_t *extent_bytes)
{
  struct cudajit_params *params = kernel->params;

  if (!params || !params->any_pointer)
    return true;
  /* The arguments of the last launch, as in a loop, cost no lookup.  */
  unsigned int generation
    = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);
  struct cudajit_param *param = params->param;
  for (unsigned int i = 0, count = params->count; i < count; i++)
    {
      void *ptr = param[i].pointer ? *(void **) args[i] : NULL;
      if (ptr && !known_device_p (&param[i], ptr, generation))
        return check_new_cpu_arguments (kernel, file, line, args,
                                        extent_bytes);
    }
  return true;
}

/* Copies between pageable and pinned memory, split over a few threads,
   since one core cannot keep up with the bus.  */

#define COPY_THREADS_MAX 8
#define CACHE_LINE_BYTES 64
/* Below this a copy is not worth splitting.  */
#define COPY_SLICE_MIN (1u << 20)

/* A copy split into slices of whole cache lines, which the pool's
   threads take in turn.  */
struct sliced_copy
{
  char *dst;
  const char *src;
  size_t bytes, slice;
  unsigned int slices;
  atomic_uint next;
};

static void
copy_slices (void *arg, unsigned int worker)
{
  struct sliced_copy *copy = arg;
  unsigned int i;

  (void) worker;
  while ((i = atomic_fetch_add (&copy->next, 1)) < copy->slices)
    {
      size_t offset = i * copy->slice;
      memcpy (copy->dst + offset, copy->src + offset,
              copy->bytes - offset < copy->slice ? copy->bytes - offset
                                                 : copy->slice);
    }
}

/* memcpy with the library's threads, one copy at a time: transfers to
   different GPUs may run together.  */
static void
parallel_copy (void *dst, const void *src, size_t bytes)
{
  static pthread_mutex_t one_copy = PTHREAD_MUTEX_INITIALIZER;
  static unsigned int threads;
  unsigned int slices = bytes / COPY_SLICE_MIN;
  struct sliced_copy copy = { .dst = dst, .src = src, .bytes = bytes };

  pthread_mutex_lock (&one_copy);
  if (!threads)
    {
      long cpus = sysconf (_SC_NPROCESSORS_ONLN);
      threads = cpus > 2 ? (unsigned int) cpus / 2 : 1;
      if (threads > COPY_THREADS_MAX)
        threads = COPY_THREADS_MAX;
    }
  if (slices > threads)
    slices = threads;
  if (slices <= 1)
    memcpy (dst, src, bytes);
  else
    {
      copy.slice = ((bytes + slices - 1) / slices + CACHE_LINE_BYTES - 1)
                   & ~(size_t) (CACHE_LINE_BYTES - 1);
      copy.slices = (bytes + copy.slice - 1) / copy.slice;
      atomic_init (&copy.next, 0);
      cudajit_pool_run (copy_slices, &copy, copy.slices - 1);
    }
  pthread_mutex_unlock (&one_copy);
}

/* The pinned buffers that arrays are staged through, the events that say
   when the DMA engine is done with each, and spare device memory: each GPU
   has its own, since events and device memory belong to a context.  */

#define STAGE_BYTES (8u << 20)
#define STAGES 4
/* Device memory kept from one launch to the next: a launch with host
   arrays in a loop would otherwise pay for cuMemAlloc and cuMemFree each
   time.  */
#define SPARE_BLOCKS 8

struct spare_block
{
  CUdeviceptr dev;
  size_t bytes;
};

struct staging_area
{
  pthread_mutex_t lock;
  /* How many of the buffers and events exist.  */
  int ready;
  char *buffer[STAGES];
  CUevent done[STAGES];
  bool busy[STAGES];
  int next;
  struct spare_block spare[SPARE_BLOCKS];
  /* The spare block that a new one replaces when all are taken, in turn:
     not rand (), whose sequence is the application's.  */
  unsigned int next_victim;
};

static struct staging_area staging_areas[CUDAJIT_MAX_GPUS];

static void
init_staging_locks (void)
{
  for (int i = 0; i < CUDAJIT_MAX_GPUS; i++)
    pthread_mutex_init (&staging_areas[i].lock, NULL);
}

struct launch_site
{
  const char *kernel, *file;
  int line;
  struct staging_area *staging;
};

/* The functions below return whether they succeeded: with
   CUDAJIT_ERRORS=return a failure is reported and the launch given up.  */

static bool
check (CUresult error, const struct launch_site *site, const char *what)
{
  return cudajit_check (error, site->kernel, site->file, site->line, what);
}

static bool
prepare_staging (const struct launch_site *site)
{
  struct staging_area *staging = site->staging;
  for (; staging->ready < STAGES; staging->ready++)
    {
      int i = staging->ready;
      if (!check (cudajit_cu.cuMemHostAlloc ((void **) &staging->buffer[i],
                                             STAGE_BYTES,
                                             CU_MEMHOSTALLOC_PORTABLE),
                  site, "allocating pinned memory to copy host arrays through")
          || !check (cudajit_cu.cuEventCreate (&staging->done[i],
                                               CU_EVENT_DISABLE_TIMING),
                     site, "cuEventCreate"))
        return false;
    }
  return true;
}

/* The next staging buffer in *STAGE, once the DMA engine is done with
   it.  */
static bool
take_stage (const struct launch_site *site, int *stage)
{
  struct staging_area *staging = site->staging;
  *stage = staging->next;
  staging->next = (staging->next + 1) % STAGES;
  if (staging->busy[*stage]
      && !check (cudajit_cu.cuEventSynchronize (staging->done[*stage]), site,
                 "copying a host array"))
    return false;
  staging->busy[*stage] = false;
  return true;
}

static bool
release_stage (int stage, CUstream stream, const struct launch_site *site)
{
  site->staging->busy[stage] = true;
  return check (cudajit_cu.cuEventRecord (site->staging->done[stage], stream),
                site, "cuEventRecord");
}

static bool
copy_in (CUdeviceptr dev, const char *host, size_t bytes, CUstream stream,
         const struct launch_site *site)
{
  for (size_t offset = 0; offset < bytes; offset += STAGE_BYTES)
    {
      size_t chunk = bytes - offset < STAGE_BYTES ? bytes - offset
                                                  : STAGE_BYTES;
      int stage;
      if (!take_stage (site, &stage))
        return false;
      parallel_copy (site->staging->buffer[stage], host + offset, chunk);
      if (!check (cudajit_cu.cuMemcpyHtoDAsync_v2 (
                    dev + offset, site->staging->buffer[stage], chunk, stream),
                  site, "copying a host array to the GPU")
          || !release_stage (stage, stream, site))
        return false;
    }
  return true;
}

/* The chunks are queued STAGES ahead of the host copies that empty their
   buffers.  */
static bool
copy_out (char *host, CUdeviceptr dev, size_t bytes, CUstream stream,
          const struct launch_site *site)
{
  size_t chunks = (bytes + STAGE_BYTES - 1) / STAGE_BYTES;
  int stage_of[STAGES];
  for (size_t queued = 0, copied = 0; copied < chunks;)
    {
      if (queued < chunks && queued < copied + STAGES)
        {
          size_t offset = queued * STAGE_BYTES;
          size_t chunk = bytes - offset < STAGE_BYTES ? bytes - offset
                                                      : STAGE_BYTES;
          int stage;
          if (!take_stage (site, &stage)
              || !check (cudajit_cu.cuMemcpyDtoHAsync_v2 (
                           site->staging->buffer[stage], dev + offset, chunk,
                           stream),
                         site, "copying an array back from the GPU")
              || !release_stage (stage, stream, site))
            return false;
          stage_of[queued++ % STAGES] = stage;
          continue;
        }
      size_t offset = copied * STAGE_BYTES;
      size_t chunk = bytes - offset < STAGE_BYTES ? bytes - offset
                                                  : STAGE_BYTES;
      int stage = stage_of[copied++ % STAGES];
      if (!check (cudajit_cu.cuEventSynchronize (site->staging->done[stage]),
                  site, "copying an array back from the GPU"))
        return false;
      site->staging->busy[stage] = false;
      parallel_copy (host + offset, site->staging->buffer[stage], chunk);
    }
  return true;
}

static CUdeviceptr
device_block (size_t bytes, const struct launch_site *site,
              const char *param)
{
  struct spare_block *spare = site->staging->spare;
  for (int i = 0; i < SPARE_BLOCKS; i++)
    if (spare[i].dev && spare[i].bytes == bytes)
      {
        CUdeviceptr dev = spare[i].dev;
        spare[i].dev = 0;
        return dev;
      }
  CUdeviceptr dev;
  CUresult r = cudajit_cu.cuMemAlloc_v2 (&dev, bytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      for (int i = 0; i < SPARE_BLOCKS; i++)
        if (spare[i].dev)
          {
            cudajit_cu.cuMemFree_v2 (spare[i].dev);
            spare[i].dev = 0;
          }
      r = cudajit_cu.cuMemAlloc_v2 (&dev, bytes);
    }
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      cudajit_error (site->kernel, site->file, site->line,
                     "out of GPU memory for the %zu bytes of array '%s'",
                     bytes, param);
      return 0;
    }
  return check (r, site, "cuMemAlloc") ? dev : 0;
}

static void
spare_block (CUdeviceptr dev, size_t bytes, const struct launch_site *site)
{
  struct spare_block *spare = site->staging->spare;
  for (int i = 0; i < SPARE_BLOCKS; i++)
    if (!spare[i].dev)
      {
        spare[i].dev = dev;
        spare[i].bytes = bytes;
        return;
      }
  unsigned int victim = site->staging->next_victim++ % SPARE_BLOCKS;
  cudajit_cu.cuMemFree_v2 (spare[victim].dev);
  spare[victim].dev = dev;
  spare[victim].bytes = bytes;
}

bool
cudajit_launch_host_arrays (struct cudajit_kernel *kernel, CUfunction function,
                            const struct cudajit_launch_config *config,
                            const char *file, int line, void **args,
                            const size_t *extent_bytes)
{
  struct cudajit_params *params = kernel->params;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  struct launch_site site
    = { kernel->name, file, line,
        &staging_areas[cudajit_current_gpu->ordinal] };

  if (!params || !params->any_pointer)
    return false;
  /* Which arguments are host arrays, asked of the driver once.  */
  bool host[params->count];
  int host_arrays = find_host_arrays (kernel, file, line, args, extent_bytes,
                                      true, host);
  if (host_arrays < 0)
    return true;
  if (!host_arrays)
    return false;

  /* The arguments as the kernel gets them: device copies instead of the
     host arrays.  */
  void *device_args[params->count];
  CUdeviceptr device[params->count];
  CUstream stream = config->stream;
  bool ok = true;
  memset (device, 0, sizeof device);
  pthread_once (&once, init_staging_locks);
  pthread_mutex_lock (&site.staging->lock);
  ok = prepare_staging (&site);
  for (unsigned int i = 0; ok && i < params->count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      device_args[i] = args[i];
      if (!host[i])
        continue;
      device[i] = device_block (extent_bytes[i], &site, p->name);
      device_args[i] = &device[i];
      ok = device[i] && (!(p->copies & CUDAJIT_COPY_IN)
                         || copy_in (device[i], *(void **) args[i],
                                     extent_bytes[i], stream, &site));
    }

  ok = ok && check (cudajit_cu.cuLaunchKernel (
                      function, config->grid.x, config->grid.y,
                      config->grid.z, config->block.x, config->block.y,
                      config->block.z, config->shared_bytes, stream,
                      device_args, NULL),
                    &site, "cuLaunchKernel");
  for (unsigned int i = 0; ok && i < params->count; i++)
    if (device[i] && (params->param[i].copies & CUDAJIT_COPY_OUT))
      ok = copy_out (*(void **) args[i], device[i], extent_bytes[i], stream,
                     &site);
  /* The kernel is done with its arrays once the stream is.  */
  if (ok)
    check (cudajit_cu.cuStreamSynchronize (stream), &site,
           "the launch with host arrays");
  for (unsigned int i = 0; i < params->count; i++)
    if (device[i])
      spare_block (device[i], extent_bytes[i], &site);
  pthread_mutex_unlock (&site.staging->lock);
  return true;
}
