/* CUDAJIT_CHECK=warps reports, naming the kernel, its launch, the line
   and the lane, a shuffle from a lane that has returned or that the
   block does not have (in a kernel whose block function is cut at the
   shuffle, which runs as written under the check), and a mask without
   the calling lane; and stays silent on a reduction of whole warps and
   on a vote and a shuffle with the mask of cuda_activemask in a
   branch.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "warps" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 2,
  N = THREADS * BLOCKS
};

/* The upper half of each warp returns; the lower reads it.  */
__attribute__ ((cuda_jit)) void
from_returned (int out[N])
{
  int lane = cuda_laneid (), v = cuda_grid_x ();

  if (lane >= 16)
    return;
  out[cuda_grid_x ()] = cuda_shfl_sync (0xffffffff, v, lane + 16);
}

/* A block of 16 threads, whose lanes 8 to 15 read lanes 16 to 23.  */
__attribute__ ((cuda_jit)) void
past_the_block (int out[16])
{
  int v = threadIdx.x;

  out[threadIdx.x] = cuda_shfl_down_sync (0xffffffff, v, 8);
}

/* Every lane gives the mask of lane 0 alone.  */
__attribute__ ((cuda_jit)) void
not_itself (unsigned int out[N])
{
  out[cuda_grid_x ()] = cuda_ballot_sync (1, 1);
}

/* Right: a sum of whole warps, then in the lanes of a branch a ballot
   and a broadcast with their mask.  */
__attribute__ ((cuda_jit)) void
right (const int in[N], int out[N][2])
{
  long i = cuda_grid_x ();
  int v = in[i];

  for (int offset = 16; offset > 0; offset /= 2)
    v += cuda_shfl_down_sync (0xffffffff, v, offset);
  out[i][0] = cuda_shfl_sync (0xffffffff, v, 0);
  out[i][1] = 0;
  if (in[i] % 3)
    {
      unsigned int mask = cuda_activemask ();
      unsigned int odd = cuda_ballot_sync (mask, in[i] % 2);
      out[i][1] = cuda_shfl_sync (mask, (int) odd, __builtin_ctz (mask));
    }
}

/* Whether the launch before was reported as WANTED says, printing its
   message.  */
static int
reported (const char *kernel, int wanted)
{
  const char *message = cuda_last_error ();

  printf ("%s: %s\n", kernel, message ? message : "nothing reported");
  return (message != NULL) == wanted;
}

int
main (void)
{
  static int in[N], out[N], sums[N][2];
  static unsigned int votes[N];
  int right_answers = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 11;
  cuda_launch (from_returned, BLOCKS, THREADS) (out);
  int ok = reported ("from_returned", 1);
  cuda_launch (past_the_block, 1, 16) (out);
  ok += reported ("past_the_block", 1);
  cuda_launch (not_itself, BLOCKS, THREADS) (votes);
  ok += reported ("not_itself", 1);
  cuda_launch (right, BLOCKS, THREADS) (in, sums);
  ok += reported ("right", 0);
  for (int i = 0; i < N; i++)
    {
      int first = i - i % 32, sum = 0;
      unsigned int odd = 0;

      for (int j = first; j < first + 32; j++)
        {
          sum += in[j];
          if (in[j] % 3 && in[j] % 2)
            odd |= 1u << (j - first);
        }
      right_answers += sums[i][0] == sum
                       && sums[i][1] == (in[i] % 3 ? (int) odd : 0);
    }
  printf ("%d of 4 as they should, %d of %d right\n", ok, right_answers, N);
  return ok != 4 || right_answers != N;
}

/* { dg-output "^from_returned: kernel 'from_returned' launched at \[^\n\]*cpu-check-warps.c:90: cuda_shfl_sync at \[^\n\]*cpu-check-warps.c:31, in lane 0 of warp 0 of block \\(0, 0, 0\\), reads lane 16, which has returned: CUDA leaves the value undefined\n" } */
/* { dg-output "past_the_block: kernel 'past_the_block' launched at \[^\n\]*cpu-check-warps.c:92: cuda_shfl_down_sync at \[^\n\]*cpu-check-warps.c:40, in lane 8 of warp 0 of block \\(0, 0, 0\\), reads lane 16, which the block does not have: CUDA leaves the value undefined\n" } */
/* { dg-output "not_itself: kernel 'not_itself' launched at \[^\n\]*cpu-check-warps.c:94: cuda_ballot_sync at \[^\n\]*cpu-check-warps.c:47, in lane 1 of warp 0 of block \\(0, 0, 0\\), gives the mask 0x00000001, which leaves out the lane itself: CUDA requires it\n" } */
/* { dg-output "right: nothing reported\n" } */
/* { dg-output "4 of 4 as they should, 128 of 128 right\n" } */
