/* Votes whose result only lane 0 of a warp reads afterwards, which the
   CPU backend's block function computes in lane 0 alone where the lanes
   are threadIdx.x % 32: a ballot that a declaration sets, read under
   threadIdx.x % 32 == 0, and an any that an assignment sets, read under a
   lane variable's test; and an all that every lane reads.  In blocks of
   one row of whole warps, of one row cut short (48, 20 threads), of rows
   of 16 (where threadIdx.x % 32 == 0 is lanes 0 and 16) and of
   32 x 2 x 2, with the last block partly past the end of the data.  Each
   result is compared with plain C that computes what each lane of a warp
   gets.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 5
};

/* What each thread writes in out[i][...]; -1 where it writes nothing.  */
enum
{
  BALLOT,
  ANY,
  ALL,
  RESULTS
};

__attribute__ ((cuda_jit)) void
votes (long n, const unsigned char *values, long long *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  int lane = threadIdx.x & 31;

  unsigned int above = cuda_ballot_sync (FULL, i < n && values[i] > 127);
  if (threadIdx.x % WARP == 0)
    out[i * RESULTS + BALLOT] = above;

  int any;
  any = cuda_any_sync (FULL, i < n && values[i] == 7);
  if (lane == 0)
    out[i * RESULTS + ANY] = any;

  int all = cuda_all_sync (FULL, i >= n || values[i] > 3);
  out[i * RESULTS + ALL] = all;
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  long n = (long) BLOCKS * threads - 5;
  unsigned char *values = cuda_managed_array (BLOCKS * threads);
  long long *out
      = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);

  for (long i = 0; i < n; i++)
    values[i] = (unsigned char) ((i * 7919) % 251);
  memset (out, -1, BLOCKS * threads * RESULTS * sizeof *out);
  cuda_launch (votes, BLOCKS, block) (n, values, out);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int first = 0; first < threads; first += WARP)
      {
        int lanes = threads - first < WARP ? threads - first : WARP;
        unsigned int ballot = 0;
        int any = 0, all = 1;
        for (int l = 0; l < lanes; l++)
          {
            long i = (long) b * threads + first + l;
            ballot |= (unsigned int) (i < n && values[i] > 127) << l;
            any |= i < n && values[i] == 7;
            all &= i >= n || values[i] > 3;
          }
        for (int l = 0; l < lanes; l++)
          {
            long i = (long) b * threads + first + l;
            int lane_zero = (first + l) % block.x % WARP == 0;
            long long want[RESULTS] = {
              [BALLOT] = lane_zero ? (long long) ballot : -1,
              [ANY] = lane_zero ? any : -1,
              [ALL] = all,
            };
            for (int r = 0; r < RESULTS; r++)
              if (out[i * RESULTS + r] != want[r] && wrong++ < 10)
                printf ("block (%u, %u, %u): thread %ld result %d: %lld, not "
                        "%lld\n",
                        block.x, block.y, block.z, i, r,
                        out[i * RESULTS + r], want[r]);
          }
      }
  cuda_free_managed (values);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int wrong = 0;
  cuda_dim3 blocks[] = { cuda_dim3 (256), cuda_dim3 (16, 4),
                         cuda_dim3 (32, 2, 2), cuda_dim3 (48), cuda_dim3 (20) };
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last two blocks'); the CPU backend
     takes those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 5;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("votes for lane 0: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-output "votes for lane 0: 0 wrong" } */
/* { dg-cudajit-levels all } */
