/* SPDX-License-Identifier: MIT */
/* The CPU backend's launches: the configuration checked against the CPU
   backend's limits, the pointer arguments against what a GPU would take,
   the launch recorded if its stream is being captured, else run
   (cpu-execution.c), on copies of its host arrays guarded by pages that
   fault under CUDAJIT_CHECK=bounds; and the occupancy that cuda_forall
   and the kernel queries take, of the CPU backend's threads.  */

#include "cpu-backend.h"

/* A block size for forall, where the GPU's occupancy calculator does not
   apply.  */
#define CPU_FORALL_BLOCK 256

bool
cudajit_cpu_config_fits (const struct cudajit_kernel *kernel,
                         const struct cudajit_launch_config *config,
                         const struct cudajit_site *site)
{
  return cudajit_check_config (kernel, config, site, &cudajit_cpu_limits,
                               kernel->static_shared_bytes);
}

/* CUDAJIT_CPU_RESIDENT_THREADS in up to CUDAJIT_CPU_RESIDENT_BLOCKS on
   each of the CPU backend's threads.  */
bool
cudajit_cpu_resident_blocks (struct cudajit_kernel *kernel, cuda_dim3 block,
                             size_t shared_bytes,
                             const struct cudajit_site *site,
                             int *per_multiprocessor, int *multiprocessors)
{
  unsigned int threads = block.x * block.y * block.z;

  (void) kernel;
  (void) shared_bytes;
  (void) site;
  *per_multiprocessor = CUDAJIT_CPU_RESIDENT_THREADS / threads;
  if (*per_multiprocessor > CUDAJIT_CPU_RESIDENT_BLOCKS)
    *per_multiprocessor = CUDAJIT_CPU_RESIDENT_BLOCKS;
  *multiprocessors = (int) cudajit_cpu_threads ();
  return true;
}

bool
cudajit_cpu_best_block (struct cudajit_kernel *kernel, size_t shared_bytes,
                        const struct cudajit_site *site, int *block)
{
  (void) kernel;
  (void) shared_bytes;
  (void) site;
  *block = CPU_FORALL_BLOCK;
  return true;
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

/* Whether CONFIG's grid, of a kernel that waits at cuda_grid_sync, fits
   on the CPU backend at once, as on a GPU; if not, report it.  */
static bool
check_resident (const struct cudajit_launch_config *config,
                const struct cudajit_site *site)
{
  int per_multiprocessor, multiprocessors;

  return cudajit_cpu_resident_blocks (NULL, config->block,
                                      config->shared_bytes, site,
                                      &per_multiprocessor, &multiprocessors)
         && cudajit_check_resident (config, site, per_multiprocessor,
                                    multiprocessors);
}

void
cudajit_cpu_launch_kernel (struct cudajit_kernel *k,
                           struct cudajit_launch_config config,
                           const struct cudajit_site *site, void **args,
                           const size_t *extent_bytes)
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
  if (!cudajit_cpu_config_fits (k, &config, site)
      || (k->grid_sync && !check_resident (&config, site))
      || (host_arrays
          = cudajit_check_cpu_arguments (k, site, args, extent_bytes))
             < 0
      || (cudajit_graph_capturing_p ()
          && cudajit_graph_capture_launch (k, &config, site, args,
                                           extent_bytes,
                                           cudajit_cpu_classify_argument)))
    return;
  if ((cudajit_environment ()->check & CUDAJIT_CHECK_RACES) && !k->checks_races
      && !k->said_unchecked)
    {
      k->said_unchecked = true;
      cudajit_report (CUDAJIT_WARNING_PREFIX, site,
                      "CUDAJIT_CHECK=races does not check this "
                      "kernel: compile it with "
                      "-fplugin-arg-cudajit-check-races");
    }
  bool bounds
      = host_arrays && (cudajit_environment ()->check & CUDAJIT_CHECK_BOUNDS);
  if (cudajit_environment ()->warn_low_occupancy)
    cudajit_warn_low_occupancy (k, &config, site, cudajit_cpu_threads (),
                                "threads of the CPU backend");
  unsigned int count = bounds ? k->params->count : 1;
  void *copies[count], *guarded_args[count];
  enum cudajit_host_mapping mappings[count];
  if (bounds
      && !cudajit_guard_host_arrays (k, site, args, extent_bytes, copies,
                                     mappings, guarded_args))
    return;
  cudajit_cpu_launch_profiled (
      k, &config, bounds ? guarded_args : args, site,
      host_arrays && !bounds ? CUDAJIT_FAULT_BOUNDS_HINT : NULL);
  if (bounds)
    cudajit_unguard_host_arrays (k, args, extent_bytes, copies, mappings,
                                 true);
  cudajit_check_cpu_argument_ends (k, site, args);
}
