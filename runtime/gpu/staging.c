/* SPDX-License-Identifier: MIT */
/* The staging of host arrays: their copies to and from the GPU go through
   pinned buffers, a chunk at a time, several host threads copying the
   next chunk into a pinned buffer while the DMA engine moves the previous
   one, since ordinary host memory is pageable, which the driver copies at
   a fraction of the bus's speed, unless the array is pinned already; and
   the device memory they are copied to, kept from one launch to the
   next.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Copies between pageable and pinned memory, split over a few threads,
   since one core cannot keep up with the bus.  */

#define COPY_THREADS_MAX 8
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
      copy.slice = ((bytes + slices - 1) / slices + CUDAJIT_CACHE_LINE - 1)
                   & ~(size_t) (CUDAJIT_CACHE_LINE - 1);
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

struct cudajit_staging_area
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

static struct cudajit_staging_area staging_areas[CUDAJIT_MAX_GPUS];

static void
init_staging_locks (void)
{
  for (int i = 0; i < CUDAJIT_MAX_GPUS; i++)
    pthread_mutex_init (&staging_areas[i].lock, NULL);
}

/* The functions below return whether they succeeded: with
   CUDAJIT_ERRORS=return a failure is reported and the launch given up.  */

bool
cudajit_transfer_check (CUresult error, const struct cudajit_transfer *site,
                        const char *what)
{
  return cudajit_check (error, &site->site, what);
}

static bool
prepare_staging (const struct cudajit_transfer *site)
{
  struct cudajit_staging_area *staging = site->staging;
  for (; staging->ready < STAGES; staging->ready++)
    {
      int i = staging->ready;
      if (!cudajit_transfer_check (
              cudajit_cu.cuMemHostAlloc ((void **) &staging->buffer[i],
                                         STAGE_BYTES,
                                         CU_MEMHOSTALLOC_PORTABLE),
              site, "allocating pinned memory to copy host arrays through")
          || !cudajit_transfer_check (
              cudajit_cu.cuEventCreate (&staging->done[i],
                                        CU_EVENT_DISABLE_TIMING),
              site, "cuEventCreate"))
        return false;
    }
  return true;
}

/* The next staging buffer in *STAGE, once the DMA engine is done with
   it.  */
static bool
take_stage (const struct cudajit_transfer *site, int *stage)
{
  struct cudajit_staging_area *staging = site->staging;
  *stage = staging->next;
  staging->next = (staging->next + 1) % STAGES;
  if (staging->busy[*stage]
      && !cudajit_transfer_check (cudajit_wait_event (staging->done[*stage]),
                                  site, "copying a host array"))
    return false;
  staging->busy[*stage] = false;
  return true;
}

static bool
release_stage (int stage, CUstream stream, const struct cudajit_transfer *site)
{
  site->staging->busy[stage] = true;
  return cudajit_transfer_check (
      cudajit_cu.cuEventRecord (site->staging->done[stage], stream), site,
      "cuEventRecord");
}

/* Pinned memory, from cuda_pinned_array or cuda_pin, needs no staging:
   the DMA engine reads and writes it where it is.  */

bool
cudajit_copy_in (CUdeviceptr dev, const char *host, size_t bytes,
                 CUstream stream, const struct cudajit_transfer *site)
{
  if (cudajit_pinned_range_p (host, bytes))
    return cudajit_transfer_check (
        cudajit_cu.cuMemcpyHtoDAsync_v2 (dev, host, bytes, stream), site,
        "copying a host array to the GPU");
  for (size_t offset = 0; offset < bytes; offset += STAGE_BYTES)
    {
      size_t chunk
          = bytes - offset < STAGE_BYTES ? bytes - offset : STAGE_BYTES;
      int stage;
      if (!take_stage (site, &stage))
        return false;
      parallel_copy (site->staging->buffer[stage], host + offset, chunk);
      if (!cudajit_transfer_check (
              cudajit_cu.cuMemcpyHtoDAsync_v2 (
                  dev + offset, site->staging->buffer[stage], chunk, stream),
              site, "copying a host array to the GPU")
          || !release_stage (stage, stream, site))
        return false;
    }
  return true;
}

/* The chunks are queued STAGES ahead of the host copies that empty their
   buffers.  */
bool
cudajit_copy_out (char *host, CUdeviceptr dev, size_t bytes, CUstream stream,
                  const struct cudajit_transfer *site)
{
  size_t chunks = (bytes + STAGE_BYTES - 1) / STAGE_BYTES;
  int stage_of[STAGES];

  if (cudajit_pinned_range_p (host, bytes))
    return cudajit_transfer_check (
        cudajit_cu.cuMemcpyDtoHAsync_v2 (host, dev, bytes, stream), site,
        "copying an array back from the GPU");
  for (size_t queued = 0, copied = 0; copied < chunks;)
    {
      if (queued < chunks && queued < copied + STAGES)
        {
          size_t offset = queued * STAGE_BYTES;
          size_t chunk
              = bytes - offset < STAGE_BYTES ? bytes - offset : STAGE_BYTES;
          int stage;
          if (!take_stage (site, &stage)
              || !cudajit_transfer_check (cudajit_cu.cuMemcpyDtoHAsync_v2 (
                                              site->staging->buffer[stage],
                                              dev + offset, chunk, stream),
                                          site,
                                          "copying an array back from the GPU")
              || !release_stage (stage, stream, site))
            return false;
          stage_of[queued++ % STAGES] = stage;
          continue;
        }
      size_t offset = copied * STAGE_BYTES;
      size_t chunk
          = bytes - offset < STAGE_BYTES ? bytes - offset : STAGE_BYTES;
      int stage = stage_of[copied++ % STAGES];
      if (!cudajit_transfer_check (
              cudajit_wait_event (site->staging->done[stage]), site,
              "copying an array back from the GPU"))
        return false;
      site->staging->busy[stage] = false;
      parallel_copy (host + offset, site->staging->buffer[stage], chunk);
    }
  return true;
}

CUdeviceptr
cudajit_device_block (size_t bytes, const struct cudajit_transfer *site,
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
      cudajit_error (&site->site,
                     "out of GPU memory for the %zu bytes of array '%s'",
                     bytes, param);
      return 0;
    }
  return cudajit_transfer_check (r, site, "cuMemAlloc") ? dev : 0;
}

void
cudajit_spare_block (CUdeviceptr dev, size_t bytes,
                     const struct cudajit_transfer *site)
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
cudajit_staging_begin (struct cudajit_transfer *transfer)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, init_staging_locks);
  transfer->staging = &staging_areas[cudajit_current_gpu->ordinal];
  pthread_mutex_lock (&transfer->staging->lock);
  return prepare_staging (transfer);
}

void
cudajit_staging_end (struct cudajit_transfer *transfer)
{
  pthread_mutex_unlock (&transfer->staging->lock);
}
