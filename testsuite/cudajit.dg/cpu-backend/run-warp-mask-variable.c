/* A warp function whose mask is a local that only its declaration sets
   to the whole warp's (unsigned int mask = 0xffffffff;, as the CUDA
   samples' shfl_scan writes it), in a loop of shuffles up that scans a
   warp: on the CPU backend's loops, not as fibers (no warning), at -O0
   to -O3; in blocks of 32, 256 and 16 x 8, every lane's inclusive scan
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
scan (int *data, int width)
{
  unsigned int threads = blockDim.x * blockDim.y;
  unsigned int t = threadIdx.x + blockDim.x * threadIdx.y;
  int id = blockIdx.x * threads + t;
  int lane_id = t % WARP;
  int value = data[id];
  for (int i = 1; i <= width; i *= 2)
    {
      unsigned int mask = 0xffffffff;
      int n = cuda_shfl_up_sync (mask, value, i, width);
      if (lane_id >= i)
        value += n;
    }
  data[id] = value;
}

static int
check (cuda_dim3 block)
{
  unsigned int threads = block.x * block.y;
  int *data = cuda_managed_array (N * sizeof *data);
  int wrong = 0;
  for (int i = 0; i < N; i++)
    data[i] = i % 13 - 6;
  cuda_launch (scan, N / threads, block) (data, WARP);
  cuda_synchronize ();
  for (int first = 0; first < N; first += WARP)
    {
      int sum = 0;
      for (int l = 0; l < WARP; l++)
        {
          sum += (first + l) % 13 - 6;
          if (data[first + l] != sum && wrong++ < 10)
            printf ("block (%u, %u): thread %d: %d, not %d\n", block.x,
                    block.y, first + l, data[first + l], sum);
        }
    }
  cuda_free_managed (data);
  return wrong;
}

int
main (void)
{
  int wrong = check (cuda_dim3 (WARP)) + check (cuda_dim3 (256))
              + check (cuda_dim3 (16, 8));
  if (wrong)
    return 1;
  puts ("scans by a mask variable ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "scans by a mask variable ok" } */
/* { dg-cudajit-levels all } */
