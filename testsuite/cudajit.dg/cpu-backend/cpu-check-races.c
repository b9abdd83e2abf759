/* CUDAJIT_CHECK=races finds a race planted in shared memory, one within
   a block and one across blocks in global memory, naming the kernel, the
   two threads and the lines; and stays silent on kernels whose threads
   are ordered by barriers, warp functions, atomics or cuda_grid_sync.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-check-races" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "races" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 64
#define BLOCKS 4

/* Each thread reads its neighbour's slot, which the neighbour writes,
   before the barrier that would order them.  */
__attribute__ ((cuda_jit)) void
shared_race (int *out)
{
  static __attribute__ ((cuda_shared)) int tile[THREADS + 1];
  unsigned int t = threadIdx.x;

  tile[t] = t;
  out[t] = tile[t + 1];
  cuda_syncthreads ();
}

/* Each block's thread 0 adds into a sum that the others add into too.  */
__attribute__ ((cuda_jit)) void
global_race (int *sum)
{
  if (threadIdx.x == 0)
    *sum += 1;
}

/* A neighbour's slot, after the barrier.  */
__attribute__ ((cuda_jit)) void
shared_ordered (int *out)
{
  static __attribute__ ((cuda_shared)) int tile[THREADS];
  unsigned int t = threadIdx.x;

  tile[t] = t;
  cuda_syncthreads ();
  out[blockIdx.x * THREADS + t] = tile[(t + 1) % THREADS];
}

/* A tree reduction in shared memory, and a histogram of atomics.  */
__attribute__ ((cuda_jit)) void
reduce_and_count (const int *in, int *sums, int *histogram)
{
  static __attribute__ ((cuda_shared)) int partial[THREADS];
  unsigned int t = threadIdx.x, i = blockIdx.x * THREADS + t;

  partial[t] = in[i];
  cuda_atomic_add (&histogram[in[i] % 4], 1);
  cuda_syncthreads ();
  for (unsigned int half = THREADS / 2; half > 0; half /= 2)
    {
      if (t < half)
        partial[t] += partial[t + half];
      cuda_syncthreads ();
    }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}

/* A shared array of a device function, which each block has its own
   of: the blocks, one after another, do not race on it.  */
__attribute__ ((cuda_device)) int
rotate (int value)
{
  static __attribute__ ((cuda_shared)) int slots[THREADS];
  unsigned int t = threadIdx.x;

  slots[t] = value;
  cuda_syncthreads ();
  value = slots[(t + 1) % THREADS];
  cuda_syncthreads ();
  return value;
}

__attribute__ ((cuda_jit)) void
rotate_all (int *a)
{
  unsigned int i = blockIdx.x * THREADS + threadIdx.x;

  a[i] = rotate (a[i]);
}

/* Each block writes its part, then, after the grid's barrier, reads the
   next block's.  */
__attribute__ ((cuda_jit)) void
grid_ordered (int *a, int *b)
{
  unsigned int i = blockIdx.x * THREADS + threadIdx.x;

  a[i] = i;
  cuda_grid_sync ();
  b[i] = a[(i + THREADS) % (BLOCKS * THREADS)];
}

static int
expect_race (const char *kernel)
{
  const char *message = cuda_last_error ();

  if (!message)
    {
      printf ("%s: no race found\n", kernel);
      return 1;
    }
  return 0;
}

static int
expect_none (const char *kernel)
{
  const char *message = cuda_last_error ();

  if (message)
    {
      printf ("%s: %s\n", kernel, message);
      return 1;
    }
  return 0;
}

int
main (void)
{
  int n = BLOCKS * THREADS, failures = 0;
  int *a = cuda_device_array (n * sizeof (int));
  int *b = cuda_device_array (n * sizeof (int));
  int *sums = cuda_device_array (BLOCKS * sizeof (int));
  int *histogram = cuda_device_array (4 * sizeof (int));
  int *in = malloc (n * sizeof (int)), *out = malloc (n * sizeof (int));
  int counts[4] = { 0 }, expected_counts[4] = { 0 }, got_sums[BLOCKS];

  cuda_memset (a, 0, n * sizeof (int));
  cuda_launch (shared_race, 1, THREADS) (a);
  failures += expect_race ("shared_race");
  cuda_launch (global_race, BLOCKS, THREADS) (a);
  failures += expect_race ("global_race");

  cuda_launch (shared_ordered, BLOCKS, THREADS) (a);
  failures += expect_none ("shared_ordered");
  cuda_copy_to_host (out, a, n * sizeof (int));
  for (int i = 0; i < n; i++)
    failures += out[i] != (i % THREADS + 1) % THREADS;

  for (int i = 0; i < n; i++)
    {
      in[i] = i * 7 % 13;
      expected_counts[in[i] % 4]++;
    }
  cuda_copy_to_device (b, in, n * sizeof (int));
  cuda_memset (histogram, 0, sizeof counts);
  cuda_launch (reduce_and_count, BLOCKS, THREADS) (b, sums, histogram);
  failures += expect_none ("reduce_and_count");
  cuda_copy_to_host (got_sums, sums, sizeof got_sums);
  cuda_copy_to_host (counts, histogram, sizeof counts);
  for (int block = 0; block < BLOCKS; block++)
    {
      int sum = 0;

      for (int t = 0; t < THREADS; t++)
        sum += in[block * THREADS + t];
      failures += got_sums[block] != sum;
    }
  for (int i = 0; i < 4; i++)
    failures += counts[i] != expected_counts[i];

  for (int i = 0; i < n; i++)
    in[i] = i;
  cuda_copy_to_device (a, in, n * sizeof (int));
  cuda_launch (rotate_all, BLOCKS, THREADS) (a);
  failures += expect_none ("rotate_all");
  cuda_copy_to_host (out, a, n * sizeof (int));
  for (int i = 0; i < n; i++)
    failures += out[i] != i / THREADS * THREADS + (i + 1) % THREADS;

  cuda_launch (grid_ordered, BLOCKS, THREADS) (a, b);
  failures += expect_none ("grid_ordered");
  cuda_copy_to_host (out, b, n * sizeof (int));
  for (int i = 0; i < n; i++)
    failures += out[i] != (i + THREADS) % n;

  printf ("%d failures\n", failures);
  return failures != 0;
}

/* { dg-output "cudajit: error: kernel 'shared_race' launched at \[^\n\]*cpu-check-races.c:144: data race on shared memory: thread \\(0, 0, 0\\) of block \\(0, 0, 0\\) reads it at \[^\n\]*cpu-check-races.c:27, and thread \\(1, 0, 0\\) of block \\(0, 0, 0\\) writes it at \[^\n\]*cpu-check-races.c:26, with no cuda_syncthreads between them\n" } */
/* { dg-output "cudajit: error: kernel 'global_race' launched at \[^\n\]*cpu-check-races.c:146: data race on global memory: thread \\(0, 0, 0\\) of block \\(0, 0, 0\\) writes it at \[^\n\]*cpu-check-races.c:36, and thread \\(0, 0, 0\\) of block \\(1, 0, 0\\) reads it at \[^\n\]*cpu-check-races.c:36, with no cuda_grid_sync \\(the threads are of two blocks\\) between them\n" } */
/* { dg-output "0 failures\n" } */
