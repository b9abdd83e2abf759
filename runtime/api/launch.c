/* SPDX-License-Identifier: MIT */
/* Kernel launches, and the errors that kernels leave behind.  */

#include "cudajit-config.h"
#include "internal.h"

#include <stdint.h>
#include <stdio.h>

#define DIM3(d) (d).x, (d).y, (d).z

/* The most threads of a block that KERNEL's launch_bounds allows, 0 for
   no bound.  */
static unsigned int
launch_bound (const struct cudajit_kernel *kernel)
{
  return ((kernel->module->compile_flags & CUDAJIT_COMPILE_LAUNCH_BOUNDS_MASK)
          >> CUDAJIT_COMPILE_LAUNCH_BOUNDS_SHIFT);
}

/* Whether CONFIG, of a launch of KERNEL, respects LIMITS and the kernel's
   launch_bounds; if not, report why.  STATIC_SHARED is what the kernel's
   static shared arrays take of LIMITS->shared_bytes.  */
static bool
check_config (const struct cudajit_kernel *kernel,
              const struct cudajit_launch_config *config,
              const struct cudajit_site *site,
              const struct cudajit_limits *limits, size_t static_shared)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned long long xy = (unsigned long long) block.x * block.y;
  unsigned int bound = launch_bound (kernel);

  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    cudajit_error (site,
                   "grid (%u, %u, %u) and block (%u, %u, %u) must not have "
                   "an extent of 0 (a count that is 0, negative or beyond "
                   "unsigned int gives 0)",
                   DIM3 (grid), DIM3 (block));
  else if (xy > limits->threads || xy * block.z > limits->threads)
    cudajit_error (site,
                   "block (%u, %u, %u) has more than the %u threads a block "
                   "may have",
                   DIM3 (block), limits->threads);
  else if (bound && xy * block.z > bound)
    cudajit_error (site,
                   "block (%u, %u, %u) has more than the %u threads of the "
                   "kernel's %s",
                   DIM3 (block), bound, CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME);
  else if (block.x > limits->block.x || block.y > limits->block.y
           || block.z > limits->block.z)
    cudajit_error (site,
                   "block (%u, %u, %u) exceeds the limits (%u, %u, %u) of "
                   "its extents",
                   DIM3 (block), DIM3 (limits->block));
  else if (grid.x > limits->grid.x || grid.y > limits->grid.y
           || grid.z > limits->grid.z)
    cudajit_error (site,
                   "grid (%u, %u, %u) exceeds the limits (%u, %u, %u) of "
                   "its extents",
                   DIM3 (grid), DIM3 (limits->grid));
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
    return true;
  return false;
}

bool
cudajit_resident_blocks (CUfunction function, cuda_dim3 block,
                         size_t shared_bytes, const struct cudajit_site *site,
                         int *per_multiprocessor, int *multiprocessors)
{
  unsigned int threads = block.x * block.y * block.z;

  if (!function)
    {
      *per_multiprocessor = CUDAJIT_CPU_RESIDENT_THREADS / threads;
      if (*per_multiprocessor > CUDAJIT_CPU_RESIDENT_BLOCKS)
        *per_multiprocessor = CUDAJIT_CPU_RESIDENT_BLOCKS;
      *multiprocessors = (int) cudajit_cpu_threads ();
      return true;
    }
  return cudajit_check (
             cudajit_cu.cuOccupancyMaxActiveBlocksPerMultiprocessor (
                 per_multiprocessor, function, (int) threads, shared_bytes),
             site, "cuOccupancyMaxActiveBlocksPerMultiprocessor")
         && cudajit_check (cudajit_cu.cuDeviceGetAttribute (
                               multiprocessors,
                               CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                               cudajit_current_gpu->device),
                           site, "cuDeviceGetAttribute");
}

/* Whether CONFIG's grid, of a kernel that waits at cuda_grid_sync, whose
   function on the GPU is FUNCTION (null on the CPU backend), fits on the
   device at once; if not, report it, the same on both backends.  */
static bool
check_resident (CUfunction function,
                const struct cudajit_launch_config *config,
                const struct cudajit_site *site)
{
  cuda_dim3 grid = config->grid, block = config->block;
  unsigned long long blocks = (unsigned long long) grid.x * grid.y * grid.z;
  int per_multiprocessor, multiprocessors;

  if (!cudajit_resident_blocks (function, block, config->shared_bytes, site,
                                &per_multiprocessor, &multiprocessors))
    return false;
  unsigned long long most
      = (unsigned long long) per_multiprocessor * multiprocessors;
  if (blocks <= most)
    return true;
  cudajit_error (site,
                 "grid (%u, %u, %u) of %llu blocks of %u threads waits at "
                 "cuda_grid_sync, where all its blocks must be resident at "
                 "once, but at most %llu fit: %d on each of %d "
                 "multiprocessors",
                 DIM3 (grid), blocks, block.x * block.y * block.z, most,
                 per_multiprocessor, multiprocessors);
  return false;
}

bool
cudajit_config_fits (const struct cudajit_kernel *kernel,
                     const struct cudajit_launch_config *config,
                     const struct cudajit_site *site, bool gpu)
{
  /* The GPU knows the size of the static shared arrays better, and checks
     it at the launch.  */
  return gpu ? check_config (kernel, config, site,
                             &cudajit_current_gpu->limits, 0)
             : check_config (kernel, config, site, &cudajit_cpu_limits,
                             kernel->static_shared_bytes);
}

/* Under CUDAJIT_WARN_LOW_OCCUPANCY, warn once for kernel K of a launch
   at SITE whose grid of CONFIG leaves some of the UNITS that run blocks
   at once, the multiprocessors or the CPU backend's threads, named by
   WHAT, without a block.  */
static void
warn_low_occupancy (struct cudajit_kernel *k,
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
      DIM3 (grid), blocks, units - blocks, units, what);
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
                 DIM3 (config->grid), DIM3 (config->block),
                 config->shared_bytes, cudajit_cuda_error (error), local_note);
}

void
cudajit_cpu_launch_profiled (struct cudajit_kernel *kernel,
                             const struct cudajit_launch_config *config,
                             void **args, const struct cudajit_site *site,
                             const char *hint)
{
  double start = cudajit_profiling () ? cudajit_profile_clock_ms () : 0;
  cudajit_range_push (kernel->name);
  cudajit_cpu_launch (kernel, config, args, site, hint);
  cudajit_range_pop ();
  if (start)
    cudajit_profile_cpu_launch (kernel, cudajit_profile_clock_ms () - start);
}

void
cudajit_launch (void *kernel, struct cudajit_launch_config config,
                const char *file, int line, void **args,
                const size_t *extent_bytes)
{
  struct cudajit_kernel *k = kernel;
  CUfunction function;
  CUresult r;
  bool gpu;

  if (!k)
    {
      cudajit_error (&(struct cudajit_site){ NULL, file, line },
                     "cuda_launch of a kernel that is not registered yet");
      return;
    }
  const struct cudajit_site launch = { k->name, file, line };
  const struct cudajit_site *site = &launch;
  gpu = cudajit_gpu_p ();
  if (config.stream
      && !cudajit_check_handle (site, "cuda_launch", config.stream,
                                CUDAJIT_STREAM, gpu))
    return;
  if (!gpu)
    {
      int host_arrays;
      if (k->missing_c_version && *k->missing_c_version)
        {
          cudajit_error (site,
                         "it calls '%s', which it links from CUDA C (%s) "
                         "for the GPU, but the program has no C function "
                         "'%s': the CPU backend needs a C version of it",
                         k->missing_c_version, k->linked_files,
                         k->missing_c_version);
          return;
        }
      if (cudajit_config_fits (k, &config, site, false)
          && (!k->grid_sync || check_resident (NULL, &config, site))
          && (host_arrays
              = cudajit_check_cpu_arguments (k, site, args, extent_bytes))
                 >= 0
          && !(cudajit_graph_capturing_p ()
               && cudajit_graph_capture_launch (k, &config, site, args,
                                                extent_bytes, false)))
        {
          if ((cudajit_environment ()->check & CUDAJIT_CHECK_RACES)
              && !k->checks_races && !k->said_unchecked)
            {
              k->said_unchecked = true;
              cudajit_report (CUDAJIT_WARNING_PREFIX, site,
                              "CUDAJIT_CHECK=races does not check this "
                              "kernel: compile it with "
                              "-fplugin-arg-cudajit-check-races");
            }
          bool bounds
              = host_arrays
                && (cudajit_environment ()->check & CUDAJIT_CHECK_BOUNDS);
          if (cudajit_environment ()->warn_low_occupancy)
            warn_low_occupancy (k, &config, site, cudajit_cpu_threads (),
                                "threads of the CPU backend");
          unsigned int count = bounds ? k->params->count : 1;
          void *copies[count], *guarded_args[count];
          enum cudajit_host_mapping mappings[count];
          if (bounds
              && !cudajit_guard_host_arrays (k, site, args, extent_bytes,
                                             copies, mappings, guarded_args))
            return;
          cudajit_cpu_launch_profiled (
              k, &config, bounds ? guarded_args : args, site,
              host_arrays && !bounds ? CUDAJIT_FAULT_BOUNDS_HINT : NULL);
          if (bounds)
            cudajit_unguard_host_arrays (k, args, extent_bytes, copies,
                                         mappings, true);
          cudajit_check_cpu_argument_ends (k, site, args);
        }
      return;
    }
  if (!cudajit_config_fits (k, &config, site, true)
      || !(function = cudajit_kernel_function (k, site))
      || (k->grid_sync && !check_resident (function, &config, site)))
    return;
  if (cudajit_environment ()->warn_low_occupancy)
    warn_low_occupancy (k, &config, site, gpu_multiprocessors (site),
                        "multiprocessors of the GPU");
  if (cudajit_graph_capturing_p ()
      && cudajit_graph_capture_launch (k, &config, site, args, extent_bytes,
                                       true))
    return;
  function = cudajit_specialized_function (k, function, &config, args, site);
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
        function, DIM3 (config.grid), DIM3 (config.block), config.shared_bytes,
        config.stream, args);
  else
    r = cudajit_cu.cuLaunchKernel (function, DIM3 (config.grid),
                                   DIM3 (config.block), config.shared_bytes,
                                   config.stream, args, NULL);
  cudajit_range_pop ();
  cudajit_profile_gpu_stop (timing, config.stream);
  if (r != CUDA_SUCCESS)
    launch_failed (k, function, &config, site, r);
}

/* A block size for forall, where the GPU's occupancy calculator does not
   apply; and on the GPU, the size taken when it gives the best occupancy
   too, since smaller blocks end a grid with less waiting for the last.  */
#define CPU_FORALL_BLOCK 256
#define GPU_SMALL_BLOCK 256

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
cudajit_best_block (CUfunction function, size_t shared_bytes,
                    const struct cudajit_site *site, int *block)
{
  int min_grid;

  if (!function)
    {
      *block = CPU_FORALL_BLOCK;
      return true;
    }
  if (!cudajit_check (cudajit_cu.cuOccupancyMaxPotentialBlockSize (
                          &min_grid, block, function, NULL, shared_bytes, 0),
                      site, "cuOccupancyMaxPotentialBlockSize"))
    return false;
  *block = smallest_best_block (function, *block, shared_bytes);
  return true;
}

/* N threads of KERNEL, at least, with the block size, shared memory and
   stream of SETTINGS, whose grid is unset; in blocks of the size that
   gives it the best occupancy where SETTINGS' is 0.  WHAT (cuda_forall,
   cuda_vectorize) and the threads' NOUN are for the errors.  */
static void
launch_over (struct cudajit_kernel *k, long long n,
             const struct cudajit_launch_config *settings, const char *what,
             const char *noun, const char *file, int line, void **args,
             const size_t *extent_bytes)
{
  CUfunction function = NULL;
  unsigned int block = settings->block.x;
  int best;

  if (!k)
    {
      cudajit_error (&(struct cudajit_site){ NULL, file, line },
                     "%s of a kernel that is not registered yet", what);
      return;
    }
  const struct cudajit_site over = { k->name, file, line };
  const struct cudajit_site *site = &over;
  if (n < 0)
    {
      cudajit_error (site, "%s over %lld %s: the count is negative", what, n,
                     noun);
      return;
    }
  if (n == 0)
    return;
  if (!block)
    {
      if ((cudajit_gpu_p () && !(function = cudajit_kernel_function (k, site)))
          || !cudajit_best_block (function, settings->shared_bytes, site,
                                  &best))
        return;
      block = best;
      /* The GPU's occupancy calculator knows the bound already; a block
         that the caller chose is checked at the launch.  */
      if (!cudajit_gpu_p () && launch_bound (k) && block > launch_bound (k))
        block = launch_bound (k);
    }
  long long blocks = (n - 1) / block + 1;
  /* Once for each size chosen, not at every launch.  */
  if (cudajit_verbose_p () && k->verbose_block != block)
    {
      k->verbose_block = block;
      cudajit_verbose ("%s of '%s' at %s:%d over %lld %s: blocks of %u", what,
                       k->name, file, line, n, noun, block);
    }
  if (blocks > 2147483647LL)
    {
      cudajit_error (site,
                     "%s over %lld %s needs more than 2^31 - 1 blocks of %u",
                     what, n, noun, block);
      return;
    }
  struct cudajit_launch_config config = *settings;
  config.grid = (cuda_dim3){ blocks, 1, 1 };
  config.block = (cuda_dim3){ block, 1, 1 };
  cudajit_launch (k, config, file, line, args, extent_bytes);
}

/* The block that cudajit.h's settings give is one-dimensional; 0 threads
   in it are the runtime's to choose.  */
void
cudajit_forall (void *kernel, long long n, struct cudajit_launch_config config,
                const char *file, int line, void **args,
                const size_t *extent_bytes)
{
  launch_over (kernel, n, &config, "cuda_forall", "threads", file, line, args,
               extent_bytes);
}

/* Whether no output of the generated kernel K, an array that it writes,
   overlaps another of its arrays in part, which the launch at SITE with
   ARGS would have.  A GPU's threads read their inputs before any of them
   writes, but the CPU backend's run in order, and would read what those
   before had written: an output that is one of the inputs, at the same
   place and of the same size, is the one overlap that both compute
   alike.  */
static bool
outputs_apart (struct cudajit_kernel *k, const struct cudajit_site *site,
               void **args, const size_t *extent_bytes)
{
  const struct cudajit_params *params = k->params;

  if (!extent_bytes)
    return true;
  for (unsigned int out = 0; out < params->count; out++)
    {
      const struct cudajit_param *o = &params->param[out];
      if (!o->pointer || !(o->copies & CUDAJIT_COPY_OUT) || !extent_bytes[out]
          || cudajit_extent_error (extent_bytes[out]))
        continue;
      uintptr_t start = (uintptr_t) * (void **) args[out];
      for (unsigned int i = 0; i < params->count; i++)
        {
          const struct cudajit_param *p = &params->param[i];
          if (i == out || !p->pointer || !extent_bytes[i]
              || cudajit_extent_error (extent_bytes[i]))
            continue;
          uintptr_t other = (uintptr_t) * (void **) args[i];
          bool same = other == start && extent_bytes[i] == extent_bytes[out];
          if (same || other >= start + extent_bytes[out]
              || start >= other + extent_bytes[i])
            continue;
          cudajit_error (
              site,
              "argument %u, '%s', overlaps the output, argument "
              "%u, '%s', in part (it starts %lld bytes %s it), "
              "where a GPU and the CPU backend would compute "
              "different results; pass the output itself, or "
              "arrays apart",
              i + 1, p->name, out + 1, o->name,
              (long long) (other > start ? other - start : start - other),
              other > start ? "after" : "before");
          return false;
        }
    }
  return true;
}

/* The plugin has checked that CONFIG sets only the stream.  The kernel,
   which the error names, says which generator made it.  */
void
cudajit_launch_generated (void *kernel, long long n,
                          struct cudajit_launch_config config,
                          const char *file, int line, void **args,
                          const size_t *extent_bytes)
{
  struct cudajit_kernel *k = kernel;

  if (k
      && !outputs_apart (k, &(struct cudajit_site){ k->name, file, line },
                         args, extent_bytes))
    return;
  launch_over (k, n, &config, "the launch", "elements or instances", file,
               line, args, extent_bytes);
}

int
cudajit_unlaunched (struct cudajit_launch_config config, const char *file,
                    int line)
{
  (void) config;
  cudajit_fatal (&(struct cudajit_site){ NULL, file, line },
                 "cuda_launch was compiled without the cudajit "
                 "plugin; " CUDAJIT_UNPLUGGED_HINT);
}

int
cudajit_unlaunched_forall (long long n, struct cudajit_launch_config config,
                           const char *file, int line)
{
  (void) n;
  (void) config;
  cudajit_fatal (&(struct cudajit_site){ NULL, file, line },
                 "cuda_forall was compiled without the cudajit "
                 "plugin; " CUDAJIT_UNPLUGGED_HINT);
}

int
cudajit_unlaunched_vectorize (long long n, struct cudajit_launch_config config,
                              const char *file, int line)
{
  (void) n;
  (void) config;
  cudajit_fatal (&(struct cudajit_site){ NULL, file, line },
                 "cuda_vectorize was compiled without the cudajit "
                 "plugin; " CUDAJIT_UNPLUGGED_HINT);
}

int
cudajit_unlaunched_guvectorize (long long n,
                                struct cudajit_launch_config config,
                                const char *file, int line)
{
  (void) n;
  (void) config;
  cudajit_fatal (&(struct cudajit_site){ NULL, file, line },
                 "cuda_guvectorize was compiled without the cudajit "
                 "plugin; " CUDAJIT_UNPLUGGED_HINT);
}
