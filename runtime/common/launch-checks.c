/* SPDX-License-Identifier: MIT */
/* The checks of a launch's configuration that both backends make, with
   their own limits, so that a launch that one refuses the other refuses
   with the same message.  */

#include "internal.h"

#include <stdatomic.h>

/* Whether a launch has passed the checks, after which the device heap's
   size is fixed (cuda_set_device_heap).  */
static atomic_bool launched;

bool
cudajit_launched_p (void)
{
  return atomic_load_explicit (&launched, memory_order_relaxed);
}

void
cudajit_note_launched (void)
{
  atomic_store_explicit (&launched, true, memory_order_relaxed);
}

unsigned int
cudajit_launch_bound (const struct cudajit_kernel *kernel)
{
  return ((kernel->module->compile_flags & CUDAJIT_COMPILE_LAUNCH_BOUNDS_MASK)
          >> CUDAJIT_COMPILE_LAUNCH_BOUNDS_SHIFT);
}

bool
cudajit_check_config (const struct cudajit_kernel *kernel,
                      const struct cudajit_launch_config *config,
                      const struct cudajit_site *site,
                      const struct cudajit_limits *limits,
                      size_t static_shared)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned long long xy = (unsigned long long) block.x * block.y;
  unsigned int bound = cudajit_launch_bound (kernel);

  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    cudajit_error (site,
                   "grid (%u, %u, %u) and block (%u, %u, %u) must not have "
                   "an extent of 0 (a count that is 0, negative or beyond "
                   "unsigned int gives 0)",
                   CUDAJIT_DIM3 (grid), CUDAJIT_DIM3 (block));
  else if (xy > limits->threads || xy * block.z > limits->threads)
    cudajit_error (site,
                   "block (%u, %u, %u) has more than the %u threads a block "
                   "may have",
                   CUDAJIT_DIM3 (block), limits->threads);
  else if (bound && xy * block.z > bound)
    cudajit_error (site,
                   "block (%u, %u, %u) has more than the %u threads of the "
                   "kernel's %s",
                   CUDAJIT_DIM3 (block), bound,
                   CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME);
  else if (block.x > limits->block.x || block.y > limits->block.y
           || block.z > limits->block.z)
    cudajit_error (site,
                   "block (%u, %u, %u) exceeds the limits (%u, %u, %u) of "
                   "its extents",
                   CUDAJIT_DIM3 (block), CUDAJIT_DIM3 (limits->block));
  else if (grid.x > limits->grid.x || grid.y > limits->grid.y
           || grid.z > limits->grid.z)
    cudajit_error (site,
                   "grid (%u, %u, %u) exceeds the limits (%u, %u, %u) of "
                   "its extents",
                   CUDAJIT_DIM3 (grid), CUDAJIT_DIM3 (limits->grid));
  else if (config->shared_bytes > limits->shared_bytes)
    cudajit_error (site,
                   "%zu bytes of shared memory is more than the %zu a block "
                   "may have",
                   config->shared_bytes, limits->shared_bytes);
  else if (static_shared > limits->shared_bytes - config->shared_bytes)
    cudajit_error (site,
                   "%zu bytes of shared memory and the %zu of the kernel's "
                   "static shared arrays are more than the %zu a block may "
                   "have",
                   config->shared_bytes, static_shared, limits->shared_bytes);
  else
    {
      cudajit_note_launched ();
      return true;
    }
  return false;
}

bool
cudajit_check_resident (const struct cudajit_launch_config *config,
                        const struct cudajit_site *site,
                        int per_multiprocessor, int multiprocessors)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned long long blocks = (unsigned long long) grid.x * grid.y * grid.z;
  unsigned long long most
      = (unsigned long long) per_multiprocessor * multiprocessors;

  if (blocks <= most)
    return true;
  cudajit_error (site,
                 "grid (%u, %u, %u) of %llu blocks of %u threads waits at "
                 "cuda_grid_sync, where all its blocks must be resident at "
                 "once, but at most %llu fit: %d on each of %d "
                 "multiprocessors",
                 CUDAJIT_DIM3 (grid), blocks, block.x * block.y * block.z,
                 most, per_multiprocessor, multiprocessors);
  return false;
}

void
cudajit_warn_low_occupancy (struct cudajit_kernel *k,
                            const struct cudajit_launch_config *config,
                            const struct cudajit_site *site, long units,
                            const char *what)
{
  cuda_dim3 grid = config->grid;
  unsigned long long blocks = (unsigned long long) grid.x * grid.y * grid.z;

  if (blocks >= (unsigned long long) units
      || atomic_exchange (&k->warned_low_occupancy, true))
    return;
  cudajit_report (
      CUDAJIT_WARNING_PREFIX, site,
      "grid (%u, %u, %u) of %llu blocks leaves %llu of the %ld %s idle "
      "(CUDAJIT_WARN_LOW_OCCUPANCY)",
      CUDAJIT_DIM3 (grid), blocks, units - blocks, units, what);
}
