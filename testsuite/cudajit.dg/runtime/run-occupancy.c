/* Numba's get_max_potential_block_size, get_active_blocks_per_multiprocessor
   and max_cooperative_grid_blocks: cuda_occupancy_max_block_size,
   cuda_occupancy_blocks_per_sm and cuda_max_cooperative_grid_blocks give
   answers within what the device allows and consistent with each other
   and with launches: a grid that waits at cuda_grid_sync of as many blocks
   as cuda_max_cooperative_grid_blocks says runs, and one more block is
   refused with that count.  A block or shared memory beyond a launch's
   limits is an error at the call's line, and the answer 0.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum
{
  THREADS = 128
};

__attribute__ ((cuda_jit)) void
scale (float *x, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] *= 2;
}

/* Each thread adds one to every element, then, after the whole grid
   did, reads the sum of its own and the next block's first element.  */
__attribute__ ((cuda_jit)) void
everyone (int *counts, int *seen, int blocks)
{
  long i = cuda_grid_x ();

  cuda_atomic_add (&counts[blockIdx.x], 1);
  cuda_grid_sync ();
  seen[i] = counts[blockIdx.x] + counts[(blockIdx.x + 1) % blocks];
}

static int errors;

/* Whether the last call failed with a message that has EXPECTED, and
   answered 0 with ANSWER.  */
static void
refused (int answer, const char *expected)
{
  const char *error = cuda_last_error ();

  printf ("refused: %s\n", error ? error : "(none)");
  errors += answer != 0 || !error || !strstr (error, expected);
}

/* Launch everyone over BLOCKS blocks of THREADS; whether every thread saw
   2 * THREADS, or, if REFUSE, the launch was refused with MOST.  */
static void
launch_everyone (int blocks, int most, int refuse)
{
  int *counts = cuda_device_array_of (int, blocks);
  int *seen = cuda_device_array_of (int, blocks * THREADS);
  int *host = calloc (blocks * THREADS, sizeof *host);
  char expected[64];

  cuda_memset (counts, 0, blocks * sizeof (int));
  cuda_launch (everyone, blocks, THREADS) (counts, seen, blocks);
  if (refuse)
    {
      snprintf (expected, sizeof expected, "but at most %d fit", most);
      refused (0, expected);
    }
  else
    {
      int wrong = 0;
      cuda_copy_to_host (host, seen, blocks * THREADS * sizeof (int));
      for (int i = 0; i < blocks * THREADS; i++)
        wrong += host[i] != 2 * THREADS;
      printf ("%d cooperative blocks: %d wrong\n", blocks, wrong);
      errors += wrong != 0 || cuda_last_error () != NULL;
    }
  free (host);
  cuda_free (seen);
  cuda_free (counts);
}

int
main (void)
{
  struct cuda_device_properties p
      = cuda_device_properties (cuda_current_device ());
  int best = cuda_occupancy_max_block_size (scale);
  int best_shared = cuda_occupancy_max_block_size (scale, .shared_bytes = 4096);
  int per_sm = cuda_occupancy_blocks_per_sm (scale, best);
  int small = cuda_occupancy_blocks_per_sm (scale, 32);
  int large = cuda_occupancy_blocks_per_sm (scale, cuda_dim3 (32, 32));
  int shared = cuda_occupancy_blocks_per_sm (scale, best, .shared_bytes
                                             = p.shared_memory_per_block);
  int sync_per_sm = cuda_occupancy_blocks_per_sm (everyone, THREADS);
  int cooperative = cuda_max_cooperative_grid_blocks (everyone, THREADS);
  int most_threads = p.max_threads_per_multiprocessor;
  int most_blocks = p.max_blocks_per_multiprocessor;

  printf ("best block %d (%d with shared memory), %d blocks of it, %d of "
          "32, %d of 1024, %d with all shared memory; cooperative %d of "
          "%d\n",
          best, best_shared, per_sm, small, large, shared, cooperative,
          THREADS);
  errors += cuda_last_error () != NULL;
  errors += best < p.warp_size || best > p.max_threads_per_block
            || best % p.warp_size != 0;
  errors += best_shared < 1 || best_shared > p.max_threads_per_block;
  errors += per_sm < 1 || per_sm * best > most_threads;
  errors += small < per_sm || small > most_blocks || large > per_sm
            || large < 1;
  errors += shared < 1 || shared > per_sm;
  errors += sync_per_sm < 1 || sync_per_sm * THREADS > most_threads
            || sync_per_sm > most_blocks;
  errors += cooperative != sync_per_sm * p.multiprocessor_count;

  launch_everyone (cooperative, cooperative, 0);
  launch_everyone (cooperative + 1, cooperative, 1);

  refused (cuda_occupancy_blocks_per_sm (scale, p.max_threads_per_block + 1),
           "threads a block may have");
  refused (cuda_max_cooperative_grid_blocks (everyone, 0),
           "must not have an extent of 0");
  refused (cuda_occupancy_max_block_size (
               scale, .shared_bytes = p.shared_memory_per_block + 1),
           "a block may have");
  printf ("occupancy: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "best block \[0-9\]+ \\(\[0-9\]+ with shared memory\\), \[0-9\]+ blocks of it, \[0-9\]+ of 32, \[0-9\]+ of 1024, \[0-9\]+ with all shared memory; cooperative \[0-9\]+ of 128\n" } */
/* { dg-output "\[0-9\]+ cooperative blocks: 0 wrong\n" } */
/* { dg-output "refused: kernel 'everyone' launched at \[^\n\]*run-occupancy.c:\[0-9\]+: grid \[^\n\]* but at most \[0-9\]+ fit: \[^\n\]*\n" } */
/* { dg-output "refused: \[^\n\]*run-occupancy.c:1\[0-9\]\[0-9\]: block \\(\[0-9\]+, 1, 1\\) has more than the \[0-9\]+ threads a block may have\n" } */
/* { dg-output "refused: \[^\n\]*run-occupancy.c:1\[0-9\]\[0-9\]: grid \\(1, 1, 1\\) and block \\(0, 1, 1\\) must not have an extent of 0\[^\n\]*\n" } */
/* { dg-output "refused: \[^\n\]*run-occupancy.c:1\[0-9\]\[0-9\]: \[0-9\]+ bytes of shared memory is more than the \[0-9\]+ a block may have\n" } */
/* { dg-output "occupancy: 0 errors" } */
/* { dg-cudajit-levels all } */
