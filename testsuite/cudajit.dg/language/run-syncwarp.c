/* cuda_syncwarp: each lane writes its word of a shared array, waits for
   the lanes of its mask, then reads its neighbour's, in blocks of 64
   threads (two full warps), of 48 (a full warp and one of 16 lanes) and
   of one thread; then the even and the odd lanes, with masks of their
   own, exchange among themselves.  Without the barrier the CPU backend
   would run each thread to its end before the next began, and read words
   not yet written.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  BLOCKS = 3,
  MOST_THREADS = 64
};

/* The lane of the last thread of the warp of thread T, of THREADS.  */
static int
last_lane (int t, int threads)
{
  int first = t - t % 32;
  return first + 31 < threads ? 31 : threads - 1 - first;
}

__attribute__ ((cuda_jit)) void
neighbours (long n, int out[n][2])
{
  static __attribute__ ((cuda_shared)) int word[MOST_THREADS];
  int t = threadIdx.x, lane = cuda_laneid ();
  int last = last_lane (t, blockDim.x);
  long i = cuda_grid_x ();

  word[t] = 10 * i;
  cuda_syncwarp (cuda_activemask ());
  out[i][0] = word[t - lane + (lane + 1) % (last + 1)];
  cuda_syncwarp (0xffffffff >> (31 - last));
  /* Even lanes wait for even lanes, odd ones for odd ones.  */
  word[t] = i;
  cuda_syncwarp ((lane % 2 ? 0xaaaaaaaa : 0x55555555) & (0xffffffff >> (31 - last)));
  out[i][1] = lane + 2 <= last ? word[t + 2] : -1;
}

static int
check (unsigned int threads)
{
  static int out[BLOCKS * MOST_THREADS][2];
  long n = BLOCKS * threads;
  int errors = 0;

  cuda_launch (neighbours, BLOCKS, threads) (n, out);
  for (long i = 0; i < n; i++)
    {
      int t = i % threads, lane = t % 32, last = last_lane (t, threads);
      long first = i - lane;
      int want0 = 10 * (first + (lane + 1) % (last + 1));
      int want1 = lane + 2 <= last ? i + 2 : -1;
      if (out[i][0] != want0 || out[i][1] != want1)
        {
          printf ("%u threads, thread %ld: %d %d, not %d %d\n", threads, i,
                  out[i][0], out[i][1], want0, want1);
          errors++;
        }
    }
  return errors;
}

int
main (void)
{
  int errors = check (64) + check (48) + check (1);

  printf ("%s\n", errors ? "FAIL" : "syncwarp ok");
  return errors != 0;
}

/* { dg-output "syncwarp ok" } */
/* { dg-cudajit-levels all } */
