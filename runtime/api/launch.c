/* SPDX-License-Identifier: MIT */
/* Kernel launches: cuda_launch checks its kernel and stream, then calls
   the backend's launch_kernel (gpu-launch.c, cpu-launch.c), which checks
   the configuration and arguments against its device and launches;
   cuda_forall, cuda_vectorize and cuda_guvectorize choose a grid, and a
   block of the backend's best occupancy where the caller gives none, and
   launch as cuda_launch.  */

#include "cudajit-config.h"
#include "internal.h"

#include <stdint.h>

void
cudajit_launch (void *kernel, struct cudajit_launch_config config,
                const char *file, int line, void **args,
                const size_t *extent_bytes)
{
  struct cudajit_kernel *k = kernel;

  if (!k)
    {
      cudajit_error (&(struct cudajit_site){ NULL, file, line },
                     "cuda_launch of a kernel that is not registered yet");
      return;
    }
  const struct cudajit_site launch = { k->name, file, line };
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  if (config.stream
      && !cudajit_check_handle (&launch, "cuda_launch", config.stream,
                                CUDAJIT_STREAM, ops->gpu))
    return;
  ops->launch_kernel (k, config, &launch, args, extent_bytes);
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
      if (!cudajit_backend_ops ()->best_block (k, settings->shared_bytes, site,
                                               &best))
        return;
      block = best;
      /* The GPU's occupancy calculator knows the bound already, and gives
         no more; a block that the caller chose is checked at the
         launch.  */
      if (cudajit_launch_bound (k) && block > cudajit_launch_bound (k))
        block = cudajit_launch_bound (k);
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
