/* The warp votes cuda_all_sync, cuda_any_sync and cuda_eq_sync, the
   match functions and cuda_lanemask_lt, in blocks of 64 threads (two full
   warps, in three dimensions), of 48 (a full warp and one of 16 lanes, in
   two) and of one thread, on inputs that make each vote true in some warps
   and false in others, compared with plain C.  cuda_match_any_sync takes
   floats, of which 0.0 and -0.0 differ, as their bits do, and
   cuda_match_all_sync long longs.  Then even and odd lanes, with masks of
   their own, call different functions at once.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

/* What each thread writes in out[i][...].  */
enum
{
  ALL,
  ANY,
  EQ,
  MATCH_ANY,
  MATCH_ALL,
  MATCH_PRED,
  LANEMASK,
  HALVES,
  RESULTS
};

/* The float that lane of input X gives cuda_match_any_sync.  */
static float
match_value (int x)
{
  return x % 5 ? x % 5 : x % 2 ? -0.0f : 0.0f;
}

__attribute__ ((cuda_jit)) void
votes (long n, const int in[n], unsigned int out[n][RESULTS])
{
  unsigned int mask = cuda_activemask ();
  int lane = cuda_laneid ();
  long i = blockIdx.x * (long) blockDim.x * blockDim.y * blockDim.z
           + threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int x = in[i], pred = -1;

  out[i][ALL] = cuda_all_sync (mask, x % 4);
  out[i][ANY] = cuda_any_sync (mask, x % 4 == 0);
  out[i][EQ] = cuda_eq_sync (mask, x % 4 == 0);
  out[i][MATCH_ANY] = cuda_match_any_sync (mask, match_value (x));
  out[i][MATCH_ALL]
      = cuda_match_all_sync (mask, (long long) (x % 4 == 0) << 40, &pred);
  out[i][MATCH_PRED] = pred;
  out[i][LANEMASK] = cuda_lanemask_lt ();
  if (lane % 2)
    out[i][HALVES] = cuda_match_any_sync (mask & 0xaaaaaaaa, x % 3);
  else
    out[i][HALVES] = cuda_all_sync (mask & 0x55555555, x % 4);
}

static int
check (cuda_dim3 block)
{
  enum
  {
    blocks = 3,
    most = blocks * 64
  };
  static int in[most];
  static unsigned int out[most][RESULTS];
  long threads = block.x * block.y * block.z, n = blocks * threads;
  int errors = 0;

  /* Warps of three kinds in turn: x % 4 is never 0, always 0, or mixed.  */
  for (long i = 0; i < n; i++)
    {
      long t = i % threads;
      long warp = i / threads * ((threads + 31) / 32) + t / 32;

      in[i] = (warp % 3 == 0   ? 4 * (i % 5) + 1 + i % 3
               : warp % 3 == 1 ? 4 * (i % 7)
                               : i * 7 % 23);
    }
  memset (out, 0, sizeof out);
  cuda_launch (votes, blocks, block) (n, in, out);
  for (long i = 0; i < n; i++)
    {
      long t = i % threads, first = i - t % 32;
      int lane = t % 32;
      int lanes = threads - t / 32 * 32 < 32 ? threads - t / 32 * 32 : 32;
      unsigned int mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
      unsigned int zeros = 0, same_float = 0, half = 0;
      int all = 1, half_all = 1;
      float mine = match_value (in[i]);

      for (int l = 0; l < lanes; l++)
        {
          int x = in[first + l];
          float other = match_value (x);

          zeros |= (unsigned int) (x % 4 == 0) << l;
          all &= x % 4 != 0;
          if (memcmp (&other, &mine, sizeof mine) == 0)
            same_float |= 1u << l;
          if (l % 2 == 0)
            half_all &= x % 4 != 0;
          else if (x % 3 == in[i] % 3)
            half |= 1u << l;
        }
      errors += out[i][ALL] != (unsigned int) all;
      errors += out[i][ANY] != (zeros != 0);
      errors += out[i][EQ] != (zeros == 0 || zeros == mask);
      errors += out[i][MATCH_ANY] != same_float;
      errors += (out[i][MATCH_ALL] != (zeros == 0 || zeros == mask ? mask : 0)
                 || out[i][MATCH_PRED] != (zeros == 0 || zeros == mask));
      errors += out[i][LANEMASK] != (1u << lane) - 1;
      errors += out[i][HALVES] != (lane % 2 ? half : (unsigned int) half_all);
    }
  return errors;
}

int
main (void)
{
  cuda_dim3 blocks[] = { cuda_dim3 (8, 4, 2), cuda_dim3 (16, 3),
                         cuda_dim3 (1) };
  int errors = 0;

  for (int b = 0; b < 3; b++)
    errors += check (blocks[b]);
  printf ("warp votes: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "warp votes: 0 errors" } */
/* { dg-cudajit-levels all } */
