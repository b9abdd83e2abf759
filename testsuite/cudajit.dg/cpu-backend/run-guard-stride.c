/* A guard that only every Cth thread along x passes, C a power of two
   (threadIdx.x % 32 == 0, a warp's lane 0; (threadIdx.x & 7) == 0), which
   the CPU backend's loop over x steps by, alone or with bounds of x that
   are not multiples of C, with a condition the same for every x, and with
   another test that stays; in blocks of 100, 48 x 2 and 3 x 5 x 2.  Each
   result is compared with plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  BLOCKS = 3,
  MAX_THREADS = 100,
  RESULTS = 4
};

__attribute__ ((cuda_jit)) void
strided (int lo, int hi, int on, int *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = (blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t)
           * RESULTS;
  if (threadIdx.x % 32 == 0)
    out[i] = t + 1;
  /* Barriers make each test a loop of its own.  */
  cuda_syncthreads ();
  if ((threadIdx.x & 7) == 0 && (int) threadIdx.x >= lo
      && (int) threadIdx.x < hi)
    out[i + 1] = t + 2;
  cuda_syncthreads ();
  if (on && threadIdx.x % 4 == 0)
    out[i + 2] = t + 3;
  cuda_syncthreads ();
  if (threadIdx.x % 2 == 0 && t % 3 == 0)
    out[i + 3] = t + 4;
}

static int
check (cuda_dim3 block, int lo, int hi, int on, int *out)
{
  int threads = block.x * block.y * block.z, wrong = 0;
  long n = (long) BLOCKS * threads * RESULTS;

  memset (out, 0, n * sizeof *out);
  cuda_launch (strided, BLOCKS, block) (lo, hi, on, out);
  cuda_synchronize ();
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < threads; t++)
      {
        int x = t % block.x;
        const int *o = &out[((long) b * threads + t) * RESULTS];
        int want[RESULTS] = {
          x % 32 == 0 ? t + 1 : 0,
          x % 8 == 0 && x >= lo && x < hi ? t + 2 : 0,
          on && x % 4 == 0 ? t + 3 : 0,
          x % 2 == 0 && t % 3 == 0 ? t + 4 : 0,
        };
        for (int r = 0; r < RESULTS; r++)
          if (o[r] != want[r] && wrong++ < 10)
            printf ("block (%u, %u, %u), lo %d, hi %d, on %d: thread %d "
                    "result %d: %d, not %d\n",
                    block.x, block.y, block.z, lo, hi, on, t, r, o[r],
                    want[r]);
      }
  return wrong;
}

int
main (void)
{
  const cuda_dim3 blocks[] = { cuda_dim3 (100), cuda_dim3 (48, 2),
                               cuda_dim3 (3, 5, 2) };
  static const int bounds[][2] = { { 0, 100 }, { 3, 41 }, { 9, 16 },
                                   { 50, 10 } };
  int *out
      = cuda_managed_array ((long) BLOCKS * MAX_THREADS * RESULTS * sizeof *out);
  int wrong = 0;

  for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++)
    for (size_t k = 0; k < sizeof bounds / sizeof *bounds; k++)
      for (int on = 0; on < 2; on++)
        wrong += check (blocks[b], bounds[k][0], bounds[k][1], on, out);
  printf ("strided guards: %d wrong\n", wrong);
  cuda_free_managed (out);
  return wrong != 0;
}

/* { dg-output "strided guards: 0 wrong" } */
/* { dg-cudajit-levels all } */
