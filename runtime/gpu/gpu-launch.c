/* SPDX-License-Identifier: MIT */
/* The GPU's launches: the configuration checked against the GPU's limits,
   the kernel's function loaded and specialized, launched by the driver,
   cooperatively for a kernel that waits at cuda_grid_sync, with its host
   arrays copied if it has some (gpu-host-arrays.c); and the occupancy
   calculator, which cuda_forall's block size and the kernel queries
   take.  */

#include "internal.h"

#include <stdio.h>

/* The size of block taken when it gives the best occupancy too, since
   smaller blocks end a grid with less waiting for the last.  */
#define GPU_SMALL_BLOCK 256

bool
cudajit_gpu_config_fits (const struct cudajit_kernel *kernel,
                         const struct cudajit_launch_config *config,
                         const struct cudajit_site *site)
{
  /* The GPU knows the size of the static shared arrays better, and checks
     it at the launch.  */
  return cudajit_check_config (kernel, config, site,
                               &cudajit_current_gpu->limits, 0);
}

/* How far the kernel's static shared arrays may take more on the GPU than
   the plugin counts (their alignment), so that a launch whose shared
   memory stays that far below a block's default need not ask.  */
#define STATIC_SHARED_SLACK 1024

/* FUNCTION allowed SHARED_BYTES of dynamic shared memory where, with its
   static shared arrays (STATIC_ESTIMATE as the plugin counts them), they
   pass what a block has without asking: its
   CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES set, up to the GPU's
   opt-in limit (which the launch's check enforces), for its launches and
   the occupancy queries alike.  */
static CUresult
allow_shared_bytes (CUfunction function, size_t static_estimate,
                    size_t shared_bytes)
{
  size_t most = cudajit_current_gpu->limits.shared_bytes_default;
  int static_bytes = 0;
  if (shared_bytes + static_estimate + STATIC_SHARED_SLACK <= most)
    return CUDA_SUCCESS;
  CUresult r = cudajit_cu.cuFuncGetAttribute (
      &static_bytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function);
  if (r == CUDA_SUCCESS && shared_bytes + static_bytes > most)
    r = cudajit_cu.cuFuncSetAttribute (
        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        (int) shared_bytes);
  return r;
}

/* cudajit_gpu_resident_blocks, for FUNCTION, KERNEL's loaded.  */
static bool
resident_blocks (CUfunction function, cuda_dim3 block, size_t shared_bytes,
                 const struct cudajit_site *site, int *per_multiprocessor,
                 int *multiprocessors)
{
  unsigned int threads = block.x * block.y * block.z;

  return cudajit_check (allow_shared_bytes (function, 0, shared_bytes), site,
                        "cuFuncSetAttribute")
         && cudajit_check (
             cudajit_cu.cuOccupancyMaxActiveBlocksPerMultiprocessor (
                 per_multiprocessor, function, (int) threads, shared_bytes),
             site, "cuOccupancyMaxActiveBlocksPerMultiprocessor")
         && cudajit_check (cudajit_cu.cuDeviceGetAttribute (
                               multiprocessors,
                               CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                               cudajit_current_gpu->device),
                           site, "cuDeviceGetAttribute");
}

bool
cudajit_gpu_resident_blocks (struct cudajit_kernel *kernel, cuda_dim3 block,
                             size_t shared_bytes,
                             const struct cudajit_site *site,
                             int *per_multiprocessor, int *multiprocessors)
{
  CUfunction function = cudajit_kernel_function (kernel, site);

  return function
         && resident_blocks (function, block, shared_bytes, site,
                             per_multiprocessor, multiprocessors);
}

/* Whether CONFIG's grid, of a kernel that waits at cuda_grid_sync, whose
   function is FUNCTION, fits on the GPU at once; if not, report it.  */
static bool
check_resident (CUfunction function,
                const struct cudajit_launch_config *config,
                const struct cudajit_site *site)
{
  int per_multiprocessor, multiprocessors;

  return resident_blocks (function, config->block, config->shared_bytes, site,
                          &per_multiprocessor, &multiprocessors)
         && cudajit_check_resident (config, site, per_multiprocessor,
                                    multiprocessors);
}

/* The multiprocessors of the calling thread's GPU, or 0 if the driver
   does not say.  */
static long
gpu_multiprocessors (const struct cudajit_site *site)
{
  int multiprocessors = 0;

  cudajit_check (cudajit_cu.cuDeviceGetAttribute (
                     &multiprocessors,
                     CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                     cudajit_current_gpu->device),
                 site, "cuDeviceGetAttribute");
  return multiprocessors;
}

static __attribute__ ((cold)) void
launch_failed (const struct cudajit_kernel *kernel, CUfunction function,
               const struct cudajit_launch_config *config,
               const struct cudajit_site *site, CUresult error)
{
  char local_note[160] = "";
  int local_bytes = 0;

  if (cudajit_kernel_fault_p (error))
    {
      char what[256];

      snprintf (what, sizeof what, "the launch of '%s' at %s:%d", site->kernel,
                site->file, site->line);
      cudajit_check (error, site, what);
      return;
    }
  /* Then the configuration is to blame, such as a block too large for the
     kernel's registers, or large local arrays: the GPU sets aside their
     memory for every thread it can run at once, whatever the grid.  */
  if (error == CUDA_ERROR_OUT_OF_MEMORY
      && cudajit_cu.cuFuncGetAttribute (
             &local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, function)
             == CUDA_SUCCESS
      && local_bytes > 0)
    snprintf (local_note, sizeof local_note,
              "; each thread has %d bytes of local memory, which the GPU "
              "sets aside for every thread that it can run at once",
              local_bytes);
  cudajit_error (site,
                 "cuLaunchKernel with grid (%u, %u, %u), block (%u, %u, %u) "
                 "and %zu bytes of shared memory: %s%s",
                 CUDAJIT_DIM3 (config->grid), CUDAJIT_DIM3 (config->block),
                 config->shared_bytes, cudajit_cuda_error (error), local_note);
}

void
cudajit_gpu_launch_kernel (struct cudajit_kernel *k,
                           struct cudajit_launch_config config,
                           const struct cudajit_site *site, void **args,
                           const size_t *extent_bytes)
{
  CUfunction function;
  CUresult r;

  if (!cudajit_gpu_config_fits (k, &config, site)
      || !(function = cudajit_kernel_function (k, site))
      || (k->grid_sync && !check_resident (function, &config, site)))
    return;
  if (cudajit_environment ()->warn_low_occupancy)
    cudajit_warn_low_occupancy (k, &config, site, gpu_multiprocessors (site),
                                "multiprocessors of the GPU");
  /* A launch that a capture records is still launched, into the driver's
     capture.  */
  if (cudajit_graph_capturing_p ()
      && cudajit_graph_capture_launch (k, &config, site, args, extent_bytes,
                                       cudajit_gpu_classify_argument)
             == CUDAJIT_CAPTURE_REFUSED)
    return;
  function = cudajit_specialized_function (k, function, &config, args, site);
  if (!cudajit_check (allow_shared_bytes (function, k->static_shared_bytes,
                                          config.shared_bytes),
                      site, "cuFuncSetAttribute"))
    return;
  config.stream = cudajit_driver_stream (config.stream);
  cudajit_note_launch (site);
  if (cudajit_launch_host_arrays (k, function, &config, site, args,
                                  extent_bytes))
    {
      /* It has copied the arrays back.  */
      cudajit_gpu_waited ();
      return;
    }
  /* The events that time a launch would be captured too.  */
  void *timing = cudajit_profiling () && !cudajit_graph_capturing_p ()
                     ? cudajit_profile_gpu_start (k, config.stream)
                     : NULL;
  cudajit_range_push (k->name);
  if (k->grid_sync)
    r = cudajit_cu.cuLaunchCooperativeKernel (
        function, CUDAJIT_DIM3 (config.grid), CUDAJIT_DIM3 (config.block),
        config.shared_bytes, config.stream, args);
  else
    r = cudajit_cu.cuLaunchKernel (
        function, CUDAJIT_DIM3 (config.grid), CUDAJIT_DIM3 (config.block),
        config.shared_bytes, config.stream, args, NULL);
  cudajit_range_pop ();
  cudajit_profile_gpu_stop (timing, config.stream);
  if (r != CUDA_SUCCESS)
    launch_failed (k, function, &config, site, r);
}

/* BLOCK, the block size of best occupancy for FUNCTION with SHARED_BYTES
   of dynamic shared memory, or GPU_SMALL_BLOCK if that occupies the GPU as
   well.  */
static int
smallest_best_block (CUfunction function, int block, size_t shared_bytes)
{
  int best_blocks, small_blocks;
  if (block > GPU_SMALL_BLOCK
      && cudajit_cu.cuOccupancyMaxActiveBlocksPerMultiprocessor (
             &best_blocks, function, block, shared_bytes)
             == CUDA_SUCCESS
      && cudajit_cu.cuOccupancyMaxActiveBlocksPerMultiprocessor (
             &small_blocks, function, GPU_SMALL_BLOCK, shared_bytes)
             == CUDA_SUCCESS
      && small_blocks * GPU_SMALL_BLOCK >= best_blocks * block)
    return GPU_SMALL_BLOCK;
  return block;
}

bool
cudajit_gpu_best_block (struct cudajit_kernel *kernel, size_t shared_bytes,
                        const struct cudajit_site *site, int *block)
{
  CUfunction function = cudajit_kernel_function (kernel, site);
  int min_grid;

  if (!function
      || !cudajit_check (allow_shared_bytes (function, 0, shared_bytes), site,
                         "cuFuncSetAttribute")
      || !cudajit_check (
          cudajit_cu.cuOccupancyMaxPotentialBlockSize (
              &min_grid, block, function, NULL, shared_bytes, 0),
          site, "cuOccupancyMaxPotentialBlockSize"))
    return false;
  *block = smallest_best_block (function, *block, shared_bytes);
  return true;
}
