/* Warp functions in device functions, which the CPU backend's block
   function inlines so that its threads run in loops, not fibers: a warp
   reduction by shuffles down whose every lane's value the kernel keeps; an
   xor butterfly through a device function that calls another, every lane
   the warp's sum; a grid-stride accumulation, then the reduction, its
   result kept by lane 0 as threadIdx.x % 32 == 0 chooses it; and the
   reduction declared with its value.  In blocks of 32, 256, 16 x 4, 48
   and 20 threads (the last two, partial warps, on the CPU backend only),
   each lane's result compared with plain C that computes what each lane
   of a warp gets.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 5,
  STRIDE_BLOCKS = 3
};

enum
{
  DOWN,
  BUTTERFLY,
  DECLARED,
  RESULTS
};

static unsigned
warp_sum (unsigned v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL, v, d);
  return v;
}

static unsigned
exchange (unsigned v, int mask)
{
  return cuda_shfl_xor_sync (FULL, v, mask);
}

static unsigned
butterfly_sum (unsigned v)
{
  for (int mask = WARP / 2; mask > 0; mask >>= 1)
    v += exchange (v, mask);
  return v;
}

__attribute__ ((cuda_jit)) void
lanes (long n, const unsigned *x, unsigned *out)
{
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;
  unsigned v = i < n ? x[i] : 0;
  unsigned s;
  s = warp_sum (v);
  out[i * RESULTS + DOWN] = s;
  out[i * RESULTS + BUTTERFLY] = butterfly_sum (v * 3);
  unsigned declared = warp_sum (v + 1) * 2;
  out[i * RESULTS + DECLARED] = declared;
}

__attribute__ ((cuda_jit)) void
stride (long n, const unsigned *x, unsigned *out)
{
  unsigned v = 0;
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    v += x[i];
  v = warp_sum (v);
  if (threadIdx.x % 32 == 0)
    out[cuda_grid_x ()] = v;
}

/* The values of a warp of LANES lanes after a shuffle down by a delta
   that halves from 16, each added to the lane's own.  */
static void
reduce_down (unsigned *value, int lanes)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    {
      unsigned next[WARP];
      for (int l = 0; l < lanes; l++)
        next[l] = value[l] + (l + d < lanes ? value[l + d] : value[l]);
      memcpy (value, next, sizeof next);
    }
}

/* The same by shuffles xor: a lane past the warp's end gives the
   caller's own value.  */
static void
reduce_xor (unsigned *value, int lanes)
{
  for (int m = WARP / 2; m > 0; m >>= 1)
    {
      unsigned next[WARP];
      for (int l = 0; l < lanes; l++)
        next[l] = value[l] + ((l ^ m) < lanes ? value[l ^ m] : value[l]);
      memcpy (value, next, sizeof next);
    }
}

static int
check (cuda_dim3 block)
{
  int threads = block.x * block.y * block.z;
  long n = (long) BLOCKS * threads - 5;
  unsigned *x = cuda_managed_array (BLOCKS * threads * sizeof *x);
  unsigned *out = cuda_managed_array (BLOCKS * threads * RESULTS * sizeof *out);
  for (long i = 0; i < BLOCKS * threads; i++)
    x[i] = (unsigned) ((i * 104729) % 65537);
  memset (out, 0, BLOCKS * threads * RESULTS * sizeof *out);
  cuda_launch (lanes, BLOCKS, block) (n, x, out);
  cuda_synchronize ();

  int wrong = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int first = 0; first < threads; first += WARP)
      {
        int count = threads - first < WARP ? threads - first : WARP;
        unsigned down[WARP], xor[WARP], declared[WARP];
        for (int l = 0; l < count; l++)
          {
            long i = (long) b * threads + first + l;
            unsigned v = i < n ? x[i] : 0;
            down[l] = v;
            xor[l] = v * 3;
            declared[l] = v + 1;
          }
        reduce_down (down, count);
        reduce_xor (xor, count);
        reduce_down (declared, count);
        for (int l = 0; l < count; l++)
          {
            long i = (long) b * threads + first + l;
            unsigned want[RESULTS] = { [DOWN] = down[l],
                                       [BUTTERFLY] = xor[l],
                                       [DECLARED] = declared[l] * 2 };
            for (int r = 0; r < RESULTS; r++)
              if (out[i * RESULTS + r] != want[r] && wrong++ < 10)
                printf ("block (%u, %u, %u): thread %ld result %d: %u, not "
                        "%u\n",
                        block.x, block.y, block.z, i, r, out[i * RESULTS + r],
                        want[r]);
          }
      }

  /* One row of threads: the grid's threads each add a stride's worth.  */
  if (block.y == 1 && block.z == 1)
    {
      long grid = (long) STRIDE_BLOCKS * threads;
      memset (out, 0, BLOCKS * threads * sizeof *out);
      cuda_launch (stride, STRIDE_BLOCKS, block) (n, x, out);
      cuda_synchronize ();
      for (int b = 0; b < STRIDE_BLOCKS; b++)
        for (int first = 0; first < threads; first += WARP)
          {
            int count = threads - first < WARP ? threads - first : WARP;
            unsigned v[WARP] = { 0 };
            for (int l = 0; l < count; l++)
              for (long i = (long) b * threads + first + l; i < n; i += grid)
                v[l] += x[i];
            reduce_down (v, count);
            for (int l = 0; l < count; l++)
              {
                long g = (long) b * threads + first + l;
                unsigned want = (first + l) % WARP == 0 ? v[l] : 0;
                if (out[g] != want && wrong++ < 10)
                  printf ("block %u: stride thread %ld: %u, not %u\n",
                          block.x, g, out[g], want);
              }
          }
    }
  cuda_free_managed (x);
  cuda_free_managed (out);
  return wrong;
}

int
main (void)
{
  int wrong = 0;
  cuda_dim3 blocks[] = { cuda_dim3 (32), cuda_dim3 (256), cuda_dim3 (16, 4),
                         cuda_dim3 (48), cuda_dim3 (20) };
  /* A GPU leaves a warp function undefined where its mask names lanes
     past the block's threads (the last two blocks'); the CPU backend
     takes those lanes' values as their own.  */
  unsigned shapes = cuda_is_available () ? 3 : 5;
  for (unsigned b = 0; b < shapes; b++)
    wrong += check (blocks[b]);
  printf ("warp functions in device functions: %d wrong\n", wrong);
  return wrong != 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "warp functions in device functions: 0 wrong" } */
/* { dg-cudajit-levels all } */
