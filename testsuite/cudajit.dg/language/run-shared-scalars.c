/* Shared variables that are not arrays, CUDA's __shared__ T name: a bool,
   an int, a float and a structure, in kernels and in device functions.
   The reduction of cuda-samples' threadFenceReduction: each block sums
   its part, and the last block to finish, which thread 0 learns from an
   atomic on a global counter after cuda_threadfence and tells the
   others through a shared bool, sums the blocks' sums.  */
/* { dg-do run } */
/* { dg-final { scan-cuda "__shared__ bool am_last;" } } */
/* { dg-final { scan-cuda "__shared__ struct tally tally;" } } */

#include <cudajit.h>
#include <stdbool.h>
#include <stdio.h>

enum
{
  THREADS = 128,
  BLOCKS = 6,
  N = THREADS * BLOCKS * 3
};

/* The sum of the block's V, in SUMS.  */
static __attribute__ ((cuda_device)) float
block_sum (float sums[THREADS], float v)
{
  unsigned int t = threadIdx.x;
  sums[t] = v;
  cuda_syncthreads ();
  for (unsigned int s = THREADS / 2; s > 0; s /= 2)
    {
      if (t < s)
        sums[t] += sums[t + s];
      cuda_syncthreads ();
    }
  float sum = sums[0];
  cuda_syncthreads ();
  return sum;
}

__attribute__ ((cuda_jit)) void
reduce_last (const float in[N], float partial[BLOCKS], unsigned int *count,
             float *result)
{
  static __attribute__ ((cuda_shared)) float sums[THREADS];
  static __attribute__ ((cuda_shared)) bool am_last;
  unsigned int t = threadIdx.x;
  float v = 0;
  for (long i = cuda_grid_x (); i < N; i += cuda_gridsize_x ())
    v += in[i];
  float sum = block_sum (sums, v);
  if (t == 0)
    {
      partial[blockIdx.x] = sum;
      /* The block's sum is seen before the count says it is there.  */
      cuda_threadfence ();
      unsigned int ticket = cuda_atomic_inc (count, gridDim.x);
      am_last = ticket == gridDim.x - 1;
    }
  cuda_syncthreads ();
  if (am_last)
    {
      float total = block_sum (sums, t < gridDim.x ? partial[t] : 0);
      if (t == 0)
        {
          *result = total;
          *count = 0;
        }
    }
}

struct tally
{
  int count;
  float total;
  unsigned char last;
};

/* How many threads of the block gave a nonzero V, their sum and the
   last thread's V, through a shared structure; the first thread's V, an
   int, added to the count, and with a shared float twice the last V
   added to the sum.  */
static __attribute__ ((cuda_device)) struct tally
block_tally (int v)
{
  static __attribute__ ((cuda_shared)) struct tally tally;
  static __attribute__ ((cuda_shared)) int first;
  static __attribute__ ((cuda_shared)) float twice_last;
  unsigned int t = threadIdx.x;
  if (t == 0)
    {
      tally = (struct tally){ 0, 0, 0 };
      first = v;
    }
  cuda_syncthreads ();
  if (v)
    {
      cuda_atomic_add (&tally.count, 1);
      cuda_atomic_add (&tally.total, (float) v);
    }
  if (t == blockDim.x - 1)
    {
      tally.last = v;
      twice_last = v;
      twice_last *= 2;
    }
  cuda_syncthreads ();
  struct tally r = tally;
  r.count += first * 1000;
  r.total += twice_last;
  cuda_syncthreads ();
  return r;
}

/* Shared scalars of the kernel itself, changed by one thread and by
   all, next to those of block_tally, called twice.  */
__attribute__ ((cuda_jit)) void
tallies (const int in[THREADS * BLOCKS], int counts[THREADS * BLOCKS][2],
         float totals[THREADS * BLOCKS][2])
{
  static __attribute__ ((cuda_shared)) int hits;
  static __attribute__ ((cuda_shared)) float scale;
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  if (t == 0)
    {
      hits = 0;
      scale = 2;
      scale *= blockIdx.x + 1;
    }
  cuda_syncthreads ();
  cuda_atomic_add (&hits, in[i] > 3);
  struct tally a = block_tally (in[i]);
  struct tally b = block_tally (in[i] > 5);
  counts[i][0] = a.count + hits;
  counts[i][1] = b.count + a.last * 100 + b.last;
  totals[i][0] = a.total * scale;
  totals[i][1] = b.total + scale;
}

/* Shared scalars of a kernel whose barriers the CPU backend cuts at:
   set by thread 0, counted by all, read by all.  */
__attribute__ ((cuda_jit)) void
broadcast (const int in[THREADS * BLOCKS], int out[THREADS * BLOCKS][2])
{
  static __attribute__ ((cuda_shared)) struct tally head;
  static __attribute__ ((cuda_shared)) bool any_odd;
  static __attribute__ ((cuda_shared)) int odd;
  long i = cuda_grid_x ();
  if (threadIdx.x == 0)
    {
      head.count = in[i];
      head.total = in[i] * 0.5f;
      odd = 0;
    }
  cuda_syncthreads ();
  if (in[i] % 2)
    cuda_atomic_add (&odd, 1);
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    any_odd = odd > 0;
  cuda_syncthreads ();
  out[i][0] = head.count + odd * 1000 + any_odd * 100000;
  out[i][1] = head.total * 2 + 1;
}

int
main (void)
{
  static float in[N], partial[BLOCKS];
  static int ints[THREADS * BLOCKS], counts[THREADS * BLOCKS][2];
  static float totals[THREADS * BLOCKS][2];
  unsigned int *count = cuda_device_array (sizeof *count);
  float *result = cuda_device_array (sizeof *result);
  unsigned int zero = 0;
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i % 17 - 5;
  float expected = 0;
  for (int i = 0; i < N; i++)
    expected += in[i];
  cuda_copy_to_device (count, &zero, sizeof zero);
  for (int launch = 0; launch < 3; launch++)
    {
      float got;
      cuda_launch (reduce_last, BLOCKS, THREADS) (in, partial, count, result);
      cuda_copy_to_host (&got, result, sizeof got);
      if (got != expected)
        printf ("reduce_last: %g, not %g\n", got, expected), errors++;
    }

  for (int i = 0; i < THREADS * BLOCKS; i++)
    ints[i] = i * 7 % 11;
  cuda_launch (tallies, BLOCKS, THREADS) (ints, counts, totals);
  for (int block = 0; block < BLOCKS; block++)
    {
      const int *v = ints + block * THREADS;
      int hits = 0, nonzero = 0, above = 0;
      float total = 0;
      for (int t = 0; t < THREADS; t++)
        {
          hits += v[t] > 3;
          nonzero += v[t] != 0;
          above += v[t] > 5;
          total += v[t];
        }
      float scale = 2 * (block + 1);
      for (int t = 0; t < THREADS; t++)
        {
          int i = block * THREADS + t;
          int last = v[THREADS - 1];
          int count0 = nonzero + v[0] * 1000 + hits;
          int count1 = above + (v[0] > 5) * 1000 + last * 100 + (last > 5);
          if (counts[i][0] != count0 || counts[i][1] != count1
              || totals[i][0] != (total + 2 * last) * scale
              || totals[i][1] != above + 2 * (last > 5) + scale)
            {
              if (errors++ < 4)
                printf ("tallies: thread %d: %d %d %g %g, not %d %d %g %g\n",
                        i, counts[i][0], counts[i][1], totals[i][0],
                        totals[i][1], count0, count1,
                        (total + 2 * last) * scale,
                        above + 2 * (last > 5) + scale);
            }
        }
    }

  for (int i = 0; i < THREADS * BLOCKS; i++)
    ints[i] = i % 3 == 0 ? i % 5 * 2 : 4;
  cuda_launch (broadcast, BLOCKS, THREADS) (ints, counts);
  for (int block = 0; block < BLOCKS; block++)
    {
      const int *v = ints + block * THREADS;
      int odd = 0;
      for (int t = 0; t < THREADS; t++)
        odd += v[t] % 2;
      for (int t = 0; t < THREADS; t++)
        {
          int i = block * THREADS + t;
          int count0 = v[0] + odd * 1000 + (odd > 0) * 100000;
          if ((counts[i][0] != count0 || counts[i][1] != v[0] + 1)
              && errors++ < 8)
            printf ("broadcast: thread %d: %d %d, not %d %d\n", i,
                    counts[i][0], counts[i][1], count0, v[0] + 1);
        }
    }

  cuda_free (count);
  cuda_free (result);
  printf ("shared scalars: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared scalars: 0 errors" } */
/* { dg-cudajit-levels all } */
