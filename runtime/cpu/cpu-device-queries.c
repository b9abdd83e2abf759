/* SPDX-License-Identifier: MIT */
/* The CPU backend's device queries (backend.h): the answers describe the
   backend, the limits that it enforces, its threads and the host's
   memory.  */

#include "internal.h"

#include <limits.h>
#include <stdio.h>
#include <unistd.h>

const struct cudajit_limits cudajit_cpu_limits
    = { CUDAJIT_BLOCK_THREADS_MAX,
        { CUDAJIT_BLOCK_X_MAX, CUDAJIT_BLOCK_Y_MAX, CUDAJIT_BLOCK_Z_MAX },
        { CUDAJIT_GRID_X_MAX, CUDAJIT_GRID_Y_MAX, CUDAJIT_GRID_Z_MAX },
        CUDAJIT_SHARED_BYTES_OPT_IN,
        CUDAJIT_SHARED_BYTES_DEFAULT };

static size_t
host_pages_bytes (int name)
{
  long pages = sysconf (name), page_size = sysconf (_SC_PAGESIZE);

  return pages > 0 && page_size > 0 ? (size_t) pages * page_size : 0;
}

int
cudajit_cpu_detect (int count)
{
  printf ("Kernels run on the CPU backend, on %ld threads: %s\n",
          cudajit_cpu_threads (), cudajit_cpu_reason ());
  return 0;
}

static void
cpu_properties (struct cuda_device_properties *p)
{
  const struct cudajit_limits *limits = &cudajit_cpu_limits;

  snprintf (p->name, sizeof p->name, "CPU backend");
  p->multiprocessor_count = (int) cudajit_cpu_threads ();
  p->total_memory = host_pages_bytes (_SC_PHYS_PAGES);
  p->warp_size = warpSize;
  p->max_threads_per_block = (int) limits->threads;
  p->max_block_dim = limits->block;
  p->max_grid_dim = limits->grid;
  p->shared_memory_per_block = limits->shared_bytes;
  /* What it holds of a grid that waits at cuda_grid_sync, each block
     with all the shared memory that it may have.  */
  p->max_threads_per_multiprocessor = CUDAJIT_CPU_RESIDENT_THREADS;
  p->max_blocks_per_multiprocessor = CUDAJIT_CPU_RESIDENT_BLOCKS;
  p->shared_memory_per_multiprocessor
      = (int) limits->shared_bytes * CUDAJIT_CPU_RESIDENT_BLOCKS;
  /* The host's, where the C library knows it.  */
  long l2 = sysconf (_SC_LEVEL2_CACHE_SIZE);
  p->l2_cache_bytes = l2 > 0 && l2 <= INT_MAX ? (int) l2 : 0;
  /* Its launches run one after the other, on its pool.  */
  p->concurrent_kernels = 0;
  p->cooperative_launch = p->managed_memory = p->can_map_host_memory = 1;
}

bool
cudajit_cpu_device_properties (int device, struct cuda_device_properties *p,
                               const char *function)
{
  /* Device 0, the CPU, or an error reported.  */
  if (!cudajit_usable_gpu (device, function) && device == 0)
    cpu_properties (p);
  return true;
}

void
cudajit_cpu_memory_info (size_t *free_bytes, size_t *total_bytes,
                         const char *function)
{
  *free_bytes = host_pages_bytes (_SC_AVPHYS_PAGES);
  *total_bytes = host_pages_bytes (_SC_PHYS_PAGES);
}

/* Kernels' malloc is the C library's, whose heap grows as it needs.  */
void
cudajit_cpu_set_device_heap (size_t bytes, const char *function)
{
  (void) bytes;
  (void) function;
}
