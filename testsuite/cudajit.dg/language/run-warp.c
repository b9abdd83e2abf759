/* Warp functions on int, long long, float and double, in blocks of 64
   threads (two full warps, in three dimensions), of 48 (a full warp and
   one of 16 lanes, in two) and of one thread: a reduction with
   cuda_shfl_down_sync in a device function, a broadcast and a rotation
   with cuda_shfl_sync, a butterfly with cuda_shfl_xor_sync, an inclusive
   scan with cuda_shfl_up_sync, shifts by one lane each way, a ballot,
   cuda_activemask and cuda_laneid, each compared with plain C, ballots of
   disjoint masks at once, and shuffles within groups narrower than a
   warp.  The result of a shuffle from a lane that does not exist, which is
   undefined, is never used.  A block sum also mixes warp functions with
   cuda_syncthreads, and a kernel has only a shuffle.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

/* What each thread writes, in values[i][...] and in bits[i][...].  */
enum
{
  SUM,
  BROADCAST,
  ROTATE,
  BUTTERFLY,
  SCAN,
  UP,
  DOWN,
  VALUES
};

enum
{
  LANE,
  ACTIVE,
  BALLOT,
  BITS
};

#define WARP_KERNEL(type)                                                     \
  /* In lane 0, the sum of V over the lanes of MASK, lanes 0 and up.  */      \
  static type warp_sum_##type (unsigned int mask, type v)                     \
  {                                                                           \
    int lanes = __builtin_popcount (mask);                                    \
    for (int offset = warpSize / 2; offset > 0; offset /= 2)                  \
      {                                                                       \
        type other = cuda_shfl_down_sync (mask, v, offset);                   \
        if (cuda_laneid () + offset < lanes)                                  \
          v += other;                                                         \
      }                                                                       \
    return v;                                                                 \
  }                                                                           \
                                                                              \
  __attribute__ ((cuda_jit)) void warp_##type (                               \
      long n, const type in[n], type values[n][VALUES],                       \
      unsigned int bits[n][BITS])                                             \
  {                                                                           \
    unsigned int mask = cuda_activemask ();                                   \
    int lanes = __builtin_popcount (mask);                                    \
    int lane = cuda_laneid ();                                                \
    long i = blockIdx.x * (long) blockDim.x * blockDim.y * blockDim.z         \
             + threadIdx.x                                                    \
             + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);         \
    type x = in[i], v;                                                        \
                                                                              \
    v = warp_sum_##type (mask, x);                                            \
    if (lane == 0)                                                            \
      values[i][SUM] = v;                                                     \
    values[i][BROADCAST] = cuda_shfl_sync (mask, x, 0);                       \
    values[i][ROTATE] = cuda_shfl_sync (mask, x, (lane + 1) % lanes + 32);    \
    v = x;                                                                    \
    for (int m = warpSize / 2; m > 0; m /= 2)                                 \
      {                                                                       \
        type other = cuda_shfl_xor_sync (mask, v, m);                         \
        if ((lane ^ m) < lanes)                                               \
          v += other;                                                         \
      }                                                                       \
    values[i][BUTTERFLY] = v;                                                 \
    v = x;                                                                    \
    for (unsigned int delta = 1; delta < warpSize; delta *= 2)                \
      {                                                                       \
        type other = cuda_shfl_up_sync (mask, v, delta);                      \
        if (lane >= delta)                                                    \
          v += other;                                                         \
      }                                                                       \
    values[i][SCAN] = v;                                                      \
    values[i][UP] = cuda_shfl_up_sync (mask, x, 1);                           \
    v = cuda_shfl_down_sync (mask, x, 1);                                     \
    if (lane + 1 < lanes || lane == 31)                                       \
      values[i][DOWN] = v;                                                    \
    bits[i][LANE] = lane;                                                     \
    bits[i][ACTIVE] = mask;                                                   \
    bits[i][BALLOT] = cuda_ballot_sync (mask, (long long) x % 3 == 1);        \
  }                                                                           \
                                                                              \
  static int check_##type (cuda_dim3 block)                                   \
  {                                                                           \
    enum                                                                      \
    {                                                                         \
      blocks = 3,                                                             \
      most = blocks * 64                                                      \
    };                                                                        \
    static type in[most], values[most][VALUES];                               \
    static unsigned int bits[most][BITS];                                     \
    long threads = block.x * block.y * block.z, n = blocks * threads;         \
    int errors = 0;                                                           \
                                                                              \
    for (long i = 0; i < n; i++)                                              \
      {                                                                       \
        in[i] = (type) (i * 7 % 23) * (type) (sizeof (type) == 8 ? 1LL << 36  \
                                                                  : 1);       \
        for (int k = 0; k < VALUES; k++)                                      \
          values[i][k] = -1;                                                  \
      }                                                                       \
    cuda_launch (warp_##type, blocks, block) (n, in, values, bits);           \
    for (long i = 0; i < n; i++)                                              \
      {                                                                       \
        long t = i % threads, first = i - t % 32;                             \
        int lane = t % 32;                                                    \
        int lanes = threads - t / 32 * 32 < 32 ? threads - t / 32 * 32 : 32;  \
        type sum = 0, scan = 0;                                               \
        unsigned int ballot = 0;                                              \
                                                                              \
        for (int l = 0; l < lanes; l++)                                       \
          {                                                                   \
            sum += in[first + l];                                             \
            if (l <= lane)                                                    \
              scan += in[first + l];                                          \
            if ((long long) in[first + l] % 3 == 1)                           \
              ballot |= 1u << l;                                              \
          }                                                                   \
        errors += lane == 0 && values[i][SUM] != sum;                         \
        errors += values[i][BROADCAST] != in[first];                          \
        errors += values[i][ROTATE] != in[first + (lane + 1) % lanes];        \
        errors += values[i][BUTTERFLY] != sum;                                \
        errors += values[i][SCAN] != scan;                                    \
        errors += values[i][UP] != in[lane == 0 ? i : i - 1];                 \
        errors += (lane + 1 < lanes && values[i][DOWN] != in[i + 1])          \
                  || (lane == 31 && values[i][DOWN] != in[i]);                \
        errors += bits[i][LANE] != (unsigned int) lane;                       \
        errors += bits[i][ACTIVE]                                             \
                  != (lanes == 32 ? 0xffffffffu : (1u << lanes) - 1);         \
        errors += bits[i][BALLOT] != ballot;                                  \
      }                                                                       \
    return errors;                                                            \
  }

WARP_KERNEL (int)
typedef long long llong;
WARP_KERNEL (llong)
WARP_KERNEL (float)
WARP_KERNEL (double)

/* Each warp's sum goes through shared memory to thread 0, which adds
   them up past cuda_syncthreads.  Warp W broadcasts its sum W more times
   before it writes it, so that a thread 0 that went on before all had
   reached the barrier would miss sums.  */
__attribute__ ((cuda_jit)) void
block_sum (long n, const int in[n], long blocks, int out[blocks])
{
  static __attribute__ ((cuda_shared)) int warp_sums[32];
  unsigned int threads = blockDim.x * blockDim.y;
  unsigned int t = threadIdx.x + blockDim.x * threadIdx.y;
  unsigned int mask = cuda_activemask ();
  int v = warp_sum_int (mask, in[blockIdx.x * threads + t]);
  for (unsigned int w = 0; w < t / warpSize; w++)
    v = cuda_shfl_sync (mask, v, 0);
  if (cuda_laneid () == 0)
    warp_sums[t / warpSize] = v;
  cuda_syncthreads ();
  if (t == 0)
    {
      int sum = 0;
      for (unsigned int w = 0; w < (threads + warpSize - 1) / warpSize; w++)
        sum += warp_sums[w];
      out[blockIdx.x] = sum;
    }
}

/* The lanes of each warp in reverse order, with nothing but a shuffle in a
   device function, which is enough to make the kernel's threads fibers on
   the CPU backend.  Full warps only.  */
static int
mirror (int v)
{
  return cuda_shfl_xor_sync (0xffffffff, v, warpSize - 1);
}

__attribute__ ((cuda_jit)) void
reverse_warps (long n, const int in[n], int out[n])
{
  long i = cuda_grid_x ();
  out[i] = mirror (in[i]);
}

/* Even and odd lanes vote apart, each with a mask of its own; on the CPU
   backend they wait for each other, and neither ballot may count the
   other's votes.  */
__attribute__ ((cuda_jit)) void
parity_ballots (long n, const int in[n], unsigned int out[n])
{
  long i = cuda_grid_x ();
  if (cuda_laneid () % 2)
    out[i] = cuda_ballot_sync (0xaaaaaaaa, in[i] % 3 == 0);
  else
    out[i] = cuda_ballot_sync (0x55555555, in[i] % 3 == 0);
}

static int
check_parity_ballots (void)
{
  enum
  {
    n = 4 * 64
  };
  static int in[n];
  static unsigned int out[n];
  int errors = 0;

  for (int i = 0; i < n; i++)
    in[i] = i * 7 % 11;
  cuda_launch (parity_ballots, n / 64, 64) (n, in, out);
  for (int i = 0; i < n; i++)
    {
      unsigned int want = 0;
      for (int lane = i % 2; lane < 32; lane += 2)
        if (in[i / 32 * 32 + lane] % 3 == 0)
          want |= 1u << lane;
      errors += out[i] != want;
    }
  return errors;
}

/* Shuffles within groups of 4, 16 and 8 lanes: a broadcast of each group's
   lane 1, an inclusive scan, a shift down by 3 and a butterfly by 12,
   which reaches the group before but not the group after.  */
enum
{
  GROUP_BROADCAST,
  GROUP_SCAN,
  GROUP_DOWN,
  GROUP_XOR,
  GROUP_RESULTS
};

__attribute__ ((cuda_jit)) void
groups (long n, const int in[n], int out[n][GROUP_RESULTS])
{
  long i = cuda_grid_x ();
  int x = in[i], v = x;
  out[i][GROUP_BROADCAST] = cuda_shfl_sync (0xffffffff, x, 1, 4);
  for (unsigned int delta = 1; delta < 16; delta *= 2)
    {
      int other = cuda_shfl_up_sync (0xffffffff, v, delta, 16);
      if (cuda_laneid () % 16 >= delta)
        v += other;
    }
  out[i][GROUP_SCAN] = v;
  out[i][GROUP_DOWN] = cuda_shfl_down_sync (0xffffffff, x, 3, 8);
  out[i][GROUP_XOR] = cuda_shfl_xor_sync (0xffffffff, x, 12, 8);
}

static int
check_groups (void)
{
  enum
  {
    n = 4 * 64
  };
  static int in[n], out[n][GROUP_RESULTS];
  int errors = 0;

  for (int i = 0; i < n; i++)
    in[i] = i * 13 % 29;
  cuda_launch (groups, n / 64, 64) (n, in, out);
  for (int i = 0; i < n; i++)
    {
      int lane = i % 32, first = i - lane, scan = 0;
      int partner = lane ^ 12;

      for (int l = lane / 16 * 16; l <= lane; l++)
        scan += in[first + l];
      errors += out[i][GROUP_BROADCAST] != in[first + lane / 4 * 4 + 1];
      errors += out[i][GROUP_SCAN] != scan;
      errors += out[i][GROUP_DOWN] != in[lane % 8 + 3 < 8 ? i + 3 : i];
      errors += (out[i][GROUP_XOR]
                 != in[partner <= (lane | 7) ? first + partner : i]);
    }
  return errors;
}

static int
check_block_sum (cuda_dim3 block)
{
  enum
  {
    blocks = 4
  };
  static int in[blocks * 1024], out[blocks];
  long threads = block.x * block.y;
  int errors = 0;

  for (long i = 0; i < blocks * threads; i++)
    in[i] = i * 13 % 101;
  cuda_launch (block_sum, blocks, block) (blocks * threads, in, blocks, out);
  for (long b = 0; b < blocks; b++)
    {
      int sum = 0;
      for (long i = b * threads; i < (b + 1) * threads; i++)
        sum += in[i];
      errors += out[b] != sum;
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
    {
      errors += check_int (blocks[b]);
      errors += check_llong (blocks[b]);
      errors += check_float (blocks[b]);
      errors += check_double (blocks[b]);
    }
  errors += check_block_sum (cuda_dim3 (32, 32));
  errors += check_block_sum (cuda_dim3 (40, 3));
  errors += check_parity_ballots ();
  errors += check_groups ();
  {
    enum
    {
      n = 4 * 64
    };
    static int in[n], out[n];

    for (int i = 0; i < n; i++)
      in[i] = i * 5 % 17;
    cuda_launch (reverse_warps, n / 64, 64) (n, in, out);
    for (int i = 0; i < n; i++)
      errors += out[i] != in[i / 32 * 32 + 31 - i % 32];
  }
  printf ("warp functions: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "warp functions: 0 errors" } */
/* { dg-cudajit-levels all } */
