/* A vote whose mask is a local that only its declaration sets to the
   whole warp's (unsigned int mask = 0xffffffff;, as the CUDA samples
   write it; a vote's result depends on its mask, which the CPU backend's
   loops must then know): on the loops, not as fibers (no warning), at
   -O0 to -O3; in blocks of 32, 256 and 16 x 8, every lane's ballot
   compared with plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  WARP = 32,
  N = 3 * 256
};

__attribute__ ((cuda_jit)) void
positive_lanes (const int *data, unsigned int *out)
{
  unsigned int threads = blockDim.x * blockDim.y;
  unsigned int t = threadIdx.x + blockDim.x * threadIdx.y;
  int id = blockIdx.x * threads + t;
  unsigned int mask = 0xffffffff;
  out[id] = cuda_ballot_sync (mask, data[id] > 0);
}

static int
check (cuda_dim3 block, const int *data)
{
  unsigned int threads = block.x * block.y;
  unsigned int *out = cuda_managed_array (N * sizeof *out);
  int wrong = 0;
  cuda_launch (positive_lanes, N / threads, block) (data, out);
  cuda_synchronize ();
  for (int first = 0; first < N; first += WARP)
    {
      unsigned int want = 0;
      for (int l = 0; l < WARP; l++)
        want |= (unsigned int) (data[first + l] > 0) << l;
      for (int l = 0; l < WARP; l++)
        if (out[first + l] != want && wrong++ < 10)
          printf ("block (%u, %u): thread %d: %#x, not %#x\n", block.x,
                  block.y, first + l, out[first + l], want);
    }
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int *data = cuda_managed_array (N * sizeof *data);
  for (int i = 0; i < N; i++)
    data[i] = i * 7919 % 13 - 6;
  int wrong = check (cuda_dim3 (WARP), data) + check (cuda_dim3 (256), data)
              + check (cuda_dim3 (16, 8), data);
  cuda_free_managed (data);
  if (wrong)
    return 1;
  puts ("ballots by a mask variable ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "ballots by a mask variable ok" } */
/* { dg-cudajit-levels all } */
