/* cuda_memcpy_async, cuda_pipeline_commit and cuda_pipeline_wait: each
   block walks its tiles of X through a ring of shared buffers, copying
   the next tiles while it works on this one, as a pipelined GEMM loads
   its operands; each thread copies 4, 8 or 16 bytes of a tile, and the
   tile's sum of products with a window of X must be what plain C gets.
   Also a copy from shared memory and one from a local array, which copy
   at once on a GPU too.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  THREADS = 64,
  STAGES = 3,
  TILES = 7,
  BLOCKS = 3
};

/* KERNEL (x, out): BYTES a thread, so TILE floats a tile.  Each thread
   sums its float I of the tile times the float after it (the next
   thread's, which only the barrier after the wait makes visible).  */
#define PIPELINED(kernel, bytes)                                              \
  __attribute__ ((cuda_jit)) void kernel (const float *x, float *out)         \
  {                                                                           \
    enum                                                                      \
    {                                                                         \
      PER_THREAD = (bytes) / sizeof (float),                                  \
      TILE = THREADS * PER_THREAD                                             \
    };                                                                        \
    static __attribute__ ((cuda_shared, aligned (16))) float ring[STAGES]    \
                                                                 [TILE];      \
    const float *tiles = x + (long) blockIdx.x * TILES * TILE;                \
    int t = threadIdx.x;                                                      \
    float sum = 0;                                                            \
    for (int s = 0; s < STAGES - 1; s++)                                      \
      {                                                                       \
        cuda_memcpy_async (&ring[s][t * PER_THREAD],                          \
                           tiles + s * TILE + t * PER_THREAD, bytes);         \
        cuda_pipeline_commit ();                                              \
      }                                                                       \
    for (int k = 0; k < TILES; k++)                                           \
      {                                                                       \
        int next = k + STAGES - 1;                                            \
        if (next < TILES)                                                     \
          cuda_memcpy_async (&ring[next % STAGES][t * PER_THREAD],            \
                             tiles + next * TILE + t * PER_THREAD, bytes);    \
        cuda_pipeline_commit ();                                              \
        cuda_pipeline_wait (STAGES - 1);                                      \
        cuda_syncthreads ();                                                     \
        float *tile = ring[k % STAGES];                                       \
        for (int i = t; i < TILE - 1; i += THREADS)                           \
          sum += tile[i] * tile[i + 1];                                       \
        cuda_syncthreads ();                                                     \
      }                                                                       \
    out[blockIdx.x * THREADS + t] = sum;                                      \
  }

PIPELINED (pipelined4, 4)
PIPELINED (pipelined8, 8)
PIPELINED (pipelined16, 16)

/* Copies whose source is not global memory: from the block's shared
   memory and from the thread's own array.  */
__attribute__ ((cuda_jit)) void
other_sources (const int *x, int *out)
{
  static __attribute__ ((cuda_shared, aligned (16))) int staged[THREADS];
  static __attribute__ ((cuda_shared, aligned (16))) int copied[2 * THREADS];
  int t = threadIdx.x;
  int __attribute__ ((aligned (8))) mine[2] = { x[t], -x[t] };
  staged[t] = x[t] * 3;
  cuda_syncthreads ();
  cuda_memcpy_async (&copied[t], &staged[THREADS - 1 - t], 4);
  if (t % 2 == 0)
    cuda_memcpy_async (&copied[THREADS + t], mine, 8);
  cuda_pipeline_commit ();
  cuda_pipeline_wait (0);
  cuda_syncthreads ();
  out[t] = copied[t] + copied[THREADS + t];
}

static float x[BLOCKS * TILES * THREADS * 4];

/* What KERNEL's thread T of block B sums, for TILE floats a tile.  */
static float
expected (int tile_floats, int b, int t)
{
  const float *tiles = x + (long) b * TILES * tile_floats;
  float sum = 0;
  for (int k = 0; k < TILES; k++)
    for (int i = t; i < tile_floats - 1; i += THREADS)
      sum += tiles[k * tile_floats + i] * tiles[k * tile_floats + i + 1];
  return sum;
}

int
main (void)
{
  for (unsigned i = 0; i < sizeof x / sizeof *x; i++)
    x[i] = (float) (i % 13) - 6.0f;
  float *d_x = cuda_to_device (x, sizeof x);
  float *d_out = cuda_device_array (BLOCKS * THREADS * sizeof (float));
  static float out[BLOCKS * THREADS];
  int bad = 0;

  for (int bytes = 4; bytes <= 16; bytes *= 2)
    {
      if (bytes == 4)
        cuda_launch (pipelined4, BLOCKS, THREADS) (d_x, d_out);
      else if (bytes == 8)
        cuda_launch (pipelined8, BLOCKS, THREADS) (d_x, d_out);
      else
        cuda_launch (pipelined16, BLOCKS, THREADS) (d_x, d_out);
      cuda_copy_to_host (out, d_out, sizeof out);
      for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < THREADS; t++)
          bad += out[b * THREADS + t]
                 != expected (THREADS * bytes / 4, b, t);
    }

  int ints[THREADS], back[THREADS];
  for (int t = 0; t < THREADS; t++)
    ints[t] = t * 7 - 100;
  int *d_ints = cuda_to_device (ints, sizeof ints);
  int *d_back = cuda_device_array (sizeof back);
  cuda_launch (other_sources, 1, THREADS) (d_ints, d_back);
  cuda_copy_to_host (back, d_back, sizeof back);
  for (int t = 0; t < THREADS; t++)
    {
      /* Thread T & ~1 copied its pair (x, -x) to T & ~1 and T | 1.  */
      int pair = t % 2 ? -ints[t & ~1] : ints[t & ~1];
      bad += back[t] != ints[THREADS - 1 - t] * 3 + pair;
    }
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-cudajit-levels all } */
