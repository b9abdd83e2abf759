/* Warp functions of a block function cut at them, in blocks whose last
   warp is partial (48 threads, 8 x 5, 3 x 7 x 2): cuda_shfl_down_sync and
   cuda_shfl_up_sync by deltas from 0 to past the warp, with widths from 1
   to 32, of int and double values; a float reduction and an int scan by
   shuffles; the votes; and a variable kept across cuda_syncthreads that
   some threads set without reading it.  The same kernel with the mask as
   an argument runs as fibers; both are compared with plain C that
   computes what each lane of a warp gets.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define FULL 0xffffffffu

enum
{
  WARP = 32,
  BLOCKS = 5,
  MAX_THREADS = 48
};

/* What each thread writes in out[i][...].  */
enum
{
  DOWN,
  UP,
  DOWN_DOUBLE,
  UP_DOUBLE,
  SUM,
  SCAN,
  BALLOT,
  VOTES,
  KEPT,
  RESULTS
};

#define SHUFFLES(MASK)                                                        \
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); \
  int lane = t % WARP;                                                        \
  long i = blockIdx.x * (long) (blockDim.x * blockDim.y * blockDim.z) + t;    \
  int x = in[i];                                                              \
  double y = x * 0.5;                                                         \
  long long *o = &out[i * RESULTS];                                           \
                                                                              \
  o[DOWN] = cuda_shfl_down_sync (MASK, x, delta, width);                      \
  o[UP] = cuda_shfl_up_sync (MASK, x, delta, width);                          \
  o[DOWN_DOUBLE] = (long long) (cuda_shfl_down_sync (MASK, y, delta) * 2);    \
  o[UP_DOUBLE] = (long long) (cuda_shfl_up_sync (MASK, y, delta, 8) * 2);     \
                                                                              \
  float sum = x;                                                              \
  for (int d = WARP / 2; d > 0; d /= 2)                                       \
    sum += cuda_shfl_down_sync (MASK, sum, d);                                \
  o[SUM] = (long long) sum;                                                   \
                                                                              \
  int scan = x;                                                               \
  for (int d = 1; d < WARP; d *= 2)                                           \
    {                                                                         \
      int before = cuda_shfl_up_sync (MASK, scan, d);                         \
      if (lane >= d)                                                          \
        scan += before;                                                       \
    }                                                                         \
  o[SCAN] = scan;                                                             \
                                                                              \
  o[BALLOT] = cuda_ballot_sync (MASK, x % 3 == 0);                            \
  int all = cuda_all_sync (MASK, x % 7);                                      \
  int any = cuda_any_sync (MASK, x % 11 == 0);                                \
  int eq = cuda_eq_sync (MASK, x > 400);                                      \
  o[VOTES] = all | any << 1 | eq << 2;                                        \
                                                                              \
  /* Set by some threads, read by all after the barrier.  */                  \
  int kept = x;                                                               \
  cuda_syncthreads ();                                                        \
  if (lane % 3 == 0)                                                          \
    kept = -1;                                                                \
  cuda_syncthreads ();                                                        \
  o[KEPT] = kept;

__attribute__ ((cuda_jit)) void
cut (const int *in, unsigned int delta, int width, long long *out)
{
  SHUFFLES (FULL)
}

/* The mask known only at run time: the threads run as fibers.  */
__attribute__ ((cuda_jit)) void
fibers (const int *in, unsigned int delta, int width, long long *out,
        unsigned int mask)
{
  SHUFFLES (mask)
}

/* Whether a GPU runs the kernels: a shuffle whose source lane is past a
   partial warp gives an undefined value there, and the caller's own on
   the CPU backend, which reads past the block's threads to find it.  */
static int on_gpu;

/* What lane LANE of a warp of LANES lanes, whose values are X, gets from
   a shuffle down (UP false) or up by DELTA in groups of WIDTH, in
   *VALUE; false where a GPU's value is undefined.  */
static int
shuffled (const int *x, int lane, int lanes, unsigned int delta, int width,
          int up, long long *value)
{
  long long group = lane & (width - 1);
  *value = x[lane];
  if (up && group >= delta)
    *value = x[lane - delta];
  else if (!up && group + delta < (unsigned int) width)
    {
      if (lane + delta >= (unsigned int) lanes)
        return !on_gpu;
      *value = x[lane + delta];
    }
  return 1;
}

static int
check (cuda_dim3 block, unsigned int delta, int width, const int *in,
       long long *out, long long *fiber_out)
{
  int threads = block.x * block.y * block.z, wrong = 0;
  long n = (long) BLOCKS * threads;

  memset (out, 0, n * RESULTS * sizeof *out);
  memset (fiber_out, 0, n * RESULTS * sizeof *out);
  cuda_launch (cut, BLOCKS, block) (in, delta, width, out);
  cuda_launch (fibers, BLOCKS, block) (in, delta, width, fiber_out, FULL);
  cuda_synchronize ();

  for (long start = 0; start < n; start += threads)
    for (int warp = 0; warp < threads; warp += WARP)
      {
        long first = start + warp;
        int lanes = threads - warp < WARP ? threads - warp : WARP;
        const int *x = &in[first];
        float reduced[WARP], next[WARP];
        unsigned int ballot = 0;
        int all = 1, any = 0, big = 0, scan = 0;
        for (int l = 0; l < lanes; l++)
          {
            reduced[l] = x[l];
            ballot |= (unsigned int) (x[l] % 3 == 0) << l;
            all &= x[l] % 7 != 0;
            any |= x[l] % 11 == 0;
            big += x[l] > 400;
          }
        /* Lanes past the warp's end give lane 0's sum only on the CPU
           backend.  */
        int sum_defined = lanes == WARP || !on_gpu;
        for (int d = WARP / 2; d > 0; d /= 2)
          {
            for (int l = 0; l < lanes; l++)
              next[l] = reduced[l] + reduced[l + d < lanes ? l + d : l];
            memcpy (reduced, next, sizeof reduced);
          }
        long long votes = all | any << 1 | (big == 0 || big == lanes) << 2;
        for (int l = 0; l < lanes; l++)
          {
            long long want[RESULTS] = {
              [SUM] = (long long) reduced[l],
              [SCAN] = scan += x[l],
              [BALLOT] = ballot,
              [VOTES] = votes,
              [KEPT] = l % 3 == 0 ? -1 : x[l],
            };
            int defined[RESULTS] = {
              [DOWN] = shuffled (x, l, lanes, delta, width, 0, &want[DOWN]),
              [UP] = shuffled (x, l, lanes, delta, width, 1, &want[UP]),
              [DOWN_DOUBLE]
              = shuffled (x, l, lanes, delta, WARP, 0, &want[DOWN_DOUBLE]),
              [UP_DOUBLE]
              = shuffled (x, l, lanes, delta, 8, 1, &want[UP_DOUBLE]),
              [SUM] = sum_defined, [SCAN] = 1, [BALLOT] = 1, [VOTES] = 1,
              [KEPT] = 1,
            };
            for (int r = 0; r < RESULTS; r++)
              for (int f = 0; f < 2 && defined[r]; f++)
                {
                  const long long *o
                      = &(f ? fiber_out : out)[(first + l) * RESULTS];
                  if (o[r] != want[r] && wrong++ < 10)
                    printf ("%s, block (%u, %u, %u), delta %u, width %d: "
                            "thread %ld result %d: %lld, not %lld\n",
                            f ? "fibers" : "cut", block.x, block.y, block.z,
                            delta, width, first + l, r, o[r], want[r]);
                }
          }
      }
  return wrong;
}

int
main (void)
{
  static const unsigned int deltas[] = { 0, 1, 3, 16, 31, 32, 40, 1000 };
  static const int widths[] = { 32, 16, 4, 1 };
  const cuda_dim3 blocks[] = { cuda_dim3 (48), cuda_dim3 (8, 5),
                               cuda_dim3 (3, 7, 2) };
  long n = (long) BLOCKS * MAX_THREADS;
  int *in = cuda_managed_array (n * sizeof *in);
  long long *out = cuda_managed_array (n * RESULTS * sizeof *out);
  long long *fiber_out = cuda_managed_array (n * RESULTS * sizeof *out);
  int wrong = 0;

  on_gpu = cuda_device_properties (cuda_current_device ()).major > 0;
  for (long i = 0; i < n; i++)
    in[i] = (int) ((i * 7919) % 1009) - 300;
  for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++)
    for (size_t d = 0; d < sizeof deltas / sizeof *deltas; d++)
      for (size_t w = 0; w < sizeof widths / sizeof *widths; w++)
        /* A GPU takes a delta of a warp or more modulo the warp (PTX's
           lane operand has 5 bits), where the CPU backend reads past the
           warp and keeps the thread's own value; CUDA leaves it
           undefined, so only the CPU backend's is checked.  */
        if (!on_gpu || deltas[d] <= WARP)
          wrong += check (blocks[b], deltas[d], widths[w], in, out, fiber_out);
  printf ("partial warps: %d wrong\n", wrong);
  cuda_free_managed (in);
  cuda_free_managed (out);
  cuda_free_managed (fiber_out);
  return wrong != 0;
}

/* { dg-output "partial warps: 0 wrong" } */
/* { dg-cudajit-levels all } */
