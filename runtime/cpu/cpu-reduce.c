/* SPDX-License-Identifier: MIT */
/* cuda_reduce on the CPU backend (see reduce.c): the kernel's C version
   folds shares of the array on the thread pool, then their results.  */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The fewest elements of a share of the fold on the CPU backend: fewer
   fold faster than the threads start.  */
#define CPU_SHARE_MIN (1LL << 16)

/* The shares of each of the CPU backend's threads, so that a thread that
   the system slows takes fewer.  */
#define CPU_SHARES_PER_THREAD 8

/* Fold on the CPU backend into TARGET: the kernel's C version launched
   as a grid of one thread a block, each block a share of the array of
   CPU_SHARE_MIN elements or more, on the pool's threads, then over the
   blocks' partial results with the initial value, in a launch of one
   block.  As launches, so that a fault in the fold, or
   CUDAJIT_TIMEOUT, names the call as a kernel's.  Whether it ran.  */
static bool
reduce_on_cpu (struct cudajit_kernel *k, const void *array, long long n,
               size_t element_size, const void *init, void *target,
               const struct cudajit_site *site)
{
  long threads = cudajit_cpu_threads ();
  long long blocks = threads == 1 ? 1 : n / CPU_SHARE_MIN;
  if (blocks > threads * CPU_SHARES_PER_THREAD)
    blocks = threads * CPU_SHARES_PER_THREAD;
  if (blocks < 1)
    blocks = 1;
  void *partials = NULL;
  if (blocks > 1 && !(partials = malloc (blocks * element_size)))
    {
      cudajit_error (site,
                     "cuda_reduce: out of host memory for %lld "
                     "partial results",
                     blocks);
      return false;
    }
  void *none = NULL;
  void *args[CUDAJIT_REDUCE_PARAMS];
  args[CUDAJIT_REDUCE_ARRAY] = &array;
  args[CUDAJIT_REDUCE_COUNT] = &n;
  args[CUDAJIT_REDUCE_PARTIALS] = &partials;
  args[CUDAJIT_REDUCE_BLOCKS_DONE] = &none;
  args[CUDAJIT_REDUCE_RESULT] = &target;
  args[CUDAJIT_REDUCE_INIT] = (void *) init;
  struct cudajit_launch_config config
      = { .grid = { blocks, 1, 1 }, .block = { 1, 1, 1 } };
  cudajit_cpu_launch_profiled (k, &config, args, site, NULL);
  if (partials)
    {
      const void *folded = partials;
      args[CUDAJIT_REDUCE_ARRAY] = &folded;
      args[CUDAJIT_REDUCE_COUNT] = &blocks;
      config.grid.x = 1;
      cudajit_cpu_launch_profiled (k, &config, args, site, NULL);
      free (partials);
    }
  return true;
}

int
cudajit_cpu_reduce (struct cudajit_kernel *k, const void *array, long long n,
                    size_t element_size, const void *init,
                    cuda_stream_t stream, void *res,
                    const struct cudajit_site *site, void *result)
{
  (void) stream;
  if (n == 0)
    {
      /* The initial value alone.  */
      if (res)
        memcpy (res, init, element_size);
      return 0;
    }
  return reduce_on_cpu (k, array, n, element_size, init, res ? res : result,
                        site)
         && !res;
}
