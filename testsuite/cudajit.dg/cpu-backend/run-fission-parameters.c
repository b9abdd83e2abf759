/* Parameters that the kernel changes before barriers and reads after
   them, which the CPU backend keeps as it keeps variables, with no
   fibers: pointers advanced by the block's offset, the same for every
   thread (cuda-samples' bitonic sort: key += blockIdx.x * n), or by the
   thread's own, a scalar changed by each thread, and a count cut by the
   block's offset that bounds a loop around barriers, which declares its
   variable, beside a sum that each thread keeps.  In blocks of 32, 48
   and 256 and 2-D blocks; each result checked against plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  THREADS_MAX = 256,
  KEYS_MAX = 2 * THREADS_MAX,
  BLOCKS = 5,
  N = BLOCKS * KEYS_MAX
};

/* Sorts each block's 2 * blockDim.x keys, ascending if DIR, as
   sortingNetworks' bitonicSortShared.  */
__attribute__ ((cuda_jit)) void
bitonic_sort (int n, unsigned dst[n], const unsigned src[n], unsigned dir)
{
  static __attribute__ ((cuda_shared)) unsigned s[KEYS_MAX];
  unsigned keys = 2 * blockDim.x;
  src += blockIdx.x * keys + threadIdx.x;
  dst += blockIdx.x * keys + threadIdx.x;
  s[threadIdx.x] = src[0];
  s[threadIdx.x + keys / 2] = src[keys / 2];
  for (unsigned size = 2; size < keys; size <<= 1)
    {
      unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
      for (unsigned stride = size / 2; stride > 0; stride >>= 1)
        {
          cuda_syncthreads ();
          unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
          unsigned x = s[pos], y = s[pos + stride];
          if ((x > y) == ddd)
            {
              s[pos] = y;
              s[pos + stride] = x;
            }
        }
    }
  for (unsigned stride = keys / 2; stride > 0; stride >>= 1)
    {
      cuda_syncthreads ();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      unsigned x = s[pos], y = s[pos + stride];
      if ((x > y) == dir)
        {
          s[pos] = y;
          s[pos + stride] = x;
        }
    }
  cuda_syncthreads ();
  dst[0] = s[threadIdx.x];
  dst[keys / 2] = s[threadIdx.x + keys / 2];
}

/* Reverses each block's elements, scaled: the pointers advanced by the
   block's offset, the same for every thread, or by the thread's, and the
   scale by the block, in 1-D and 2-D blocks.  */
__attribute__ ((cuda_jit)) void
reverse (int n, int scale, int out[n], const int in[n])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  in += blockIdx.x * threads + t;
  out += blockIdx.x * threads;
  scale += blockIdx.x;
  s[t] = in[0];
  cuda_syncthreads ();
  out[t] = scale * s[threads - 1 - t];
}

/* Each thread's own step, a parameter changed by each thread, kept
   across two barriers.  */
__attribute__ ((cuda_jit)) void
own_steps (int n, int step, int out[n])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  step += threadIdx.x % 3;
  s[threadIdx.x] = step;
  cuda_syncthreads ();
  step += s[(threadIdx.x + 1) % blockDim.x];
  cuda_syncthreads ();
  s[threadIdx.x] = step;
  cuda_syncthreads ();
  out[blockIdx.x * blockDim.x + threadIdx.x]
      = step * 100 + s[(threadIdx.x + 2) % blockDim.x];
}

/* Each thread adds up, tile by tile, the elements at its mirror image
   in the window of IN that starts at its block's offset: the window's
   start and its count, parameters, both moved by the offset.  */
__attribute__ ((cuda_jit)) void
window_sums (int len, int n, const int in[len], int out[len])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  in += blockIdx.x * threads;
  n -= blockIdx.x * threads;
  int sum = 0;
  for (int i = 0; i < n; i += threads)
    {
      s[t] = i + t < n ? in[i + t] : 0;
      cuda_syncthreads ();
      sum += s[threads - 1 - t];
      cuda_syncthreads ();
    }
  out[blockIdx.x * threads + t] = sum;
}

static unsigned keys[N], sorted[N], expected[N];
static int in[N], out[N];

static int
compare_up (const void *a, const void *b)
{
  unsigned x = *(const unsigned *) a, y = *(const unsigned *) b;
  return (x > y) - (x < y);
}

int
main (void)
{
  static const unsigned threads[] = { 32, 256 };
  static const cuda_dim3 shapes[]
      = { { 32, 1, 1 }, { 48, 1, 1 }, { 256, 1, 1 }, { 8, 6, 1 } };
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      keys[i] = (i * 2654435761u) >> 7;
      in[i] = i * 7 % 23;
    }
  for (unsigned t = 0; t < sizeof threads / sizeof *threads; t++)
    for (unsigned dir = 0; dir < 2; dir++)
      {
        int count = 2 * threads[t];
        cuda_launch (bitonic_sort, BLOCKS, threads[t]) (N, sorted, keys,
                                                         dir);
        for (int bl = 0; bl < BLOCKS; bl++)
          {
            for (int k = 0; k < count; k++)
              expected[k] = keys[bl * count + k];
            qsort (expected, count, sizeof *expected, compare_up);
            for (int k = 0; k < count; k++)
              errors += sorted[bl * count + k]
                        != expected[dir ? k : count - 1 - k];
          }
      }

  for (unsigned sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
    {
      int count = shapes[sh].x * shapes[sh].y;
      cuda_launch (reverse, BLOCKS, shapes[sh]) (N, 3, out, in);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          errors += out[bl * count + t]
                    != (3 + bl) * in[bl * count + count - 1 - t];

      int n = N - 7;
      cuda_launch (window_sums, BLOCKS, shapes[sh]) (N, n, in, out);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          {
            int left = n - bl * count, mirror = count - 1 - t, sum = 0;
            for (int i = 0; i < left; i += count)
              sum += i + mirror < left ? in[bl * count + i + mirror] : 0;
            errors += out[bl * count + t] != sum;
          }
    }

  for (unsigned sh = 0; sh < 3; sh++)
    {
      int count = shapes[sh].x;
      cuda_launch (own_steps, BLOCKS, count) (N, 10, out);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          {
            int first = 10 + t % 3;
            int second = first + 10 + (t + 1) % count % 3;
            int neighbour = (t + 2) % count;
            int their = 10 + neighbour % 3 + 10 + (neighbour + 1) % count % 3;
            errors += out[bl * count + t] != second * 100 + their;
          }
    }

  printf ("parameters: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "parameters: 0 errors" } */
/* { dg-cudajit-levels all } */
