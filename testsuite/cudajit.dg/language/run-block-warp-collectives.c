/* The block and warp collectives, CUB's BlockReduce, BlockScan,
   WarpReduce and WarpScan: cuda_warp_reduce, cuda_warp_scan_inclusive,
   cuda_warp_scan_exclusive, cuda_block_reduce, cuda_block_scan_inclusive
   and cuda_block_scan_exclusive, with every operation on int, unsigned
   int, long long, short, float and double, one after the other in a
   kernel, on blocks of 32, 256 and 48 threads (the last warp of 16) and
   of 16 x 8.  Each thread's results are checked against plain C; the
   floating values are whole numbers, whose sums every order gives
   alike.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>

enum
{
  BLOCKS = 3,
  MAX_THREADS = 256,
  N = BLOCKS * MAX_THREADS,
  KINDS = 6,
  OPS = 6,
  WARP = 32
};

typedef unsigned int uint;
typedef long long llong;

#define INTEGER_OPS(X)                                                        \
  X (CUDA_ADD, 0) X (CUDA_MIN, 1) X (CUDA_MAX, 2) X (CUDA_AND, 3)             \
  X (CUDA_OR, 4) X (CUDA_XOR, 5)
#define FLOATING_OPS(X) X (CUDA_ADD, 0) X (CUDA_MIN, 1) X (CUDA_MAX, 2)

#define CALLS(op, k)                                                          \
  r[k * KINDS + 0] = cuda_warp_reduce (v, op);                                \
  r[k * KINDS + 1] = cuda_warp_scan_inclusive (v, op);                        \
  r[k * KINDS + 2] = cuda_warp_scan_exclusive (v, op);                        \
  r[k * KINDS + 3] = cuda_block_reduce (v, op);                               \
  r[k * KINDS + 4] = cuda_block_scan_inclusive (v, op);                       \
  r[k * KINDS + 5] = cuda_block_scan_exclusive (v, op);

#define KERNEL(T, OP_LIST)                                                    \
  __attribute__ ((cuda_jit)) void collect_##T (const T in[N],                 \
                                               T out[N * OPS * KINDS])       \
  {                                                                           \
    unsigned int threads = blockDim.x * blockDim.y;                           \
    unsigned int t = threadIdx.x + blockDim.x * threadIdx.y;                  \
    T v = in[blockIdx.x * threads + t];                                       \
    T *r = out + (blockIdx.x * threads + t) * OPS * KINDS;                    \
    OP_LIST (CALLS)                                                           \
  }

KERNEL (int, INTEGER_OPS)
KERNEL (uint, INTEGER_OPS)
KERNEL (llong, INTEGER_OPS)
KERNEL (short, INTEGER_OPS)
KERNEL (float, FLOATING_OPS)
KERNEL (double, FLOATING_OPS)

/* OP of A and B, and OP's identity, in plain C; BITS applies the
   integers' bit operations.  */
#define REFERENCE(T, LARGEST, SMALLEST, BITS)                                 \
  static T combine_##T (int op, T a, T b)                                     \
  {                                                                           \
    switch (op)                                                               \
      {                                                                       \
      case CUDA_ADD:                                                          \
        return a + b;                                                         \
      case CUDA_MIN:                                                          \
        return a < b ? a : b;                                                 \
      case CUDA_MAX:                                                          \
        return a > b ? a : b;                                                 \
      default:                                                                \
        return BITS (op, a, b);                                               \
      }                                                                       \
  }                                                                           \
                                                                              \
  static T identity_##T (int op)                                              \
  {                                                                           \
    return op == CUDA_MIN ? LARGEST : op == CUDA_MAX ? SMALLEST                \
           : op == CUDA_AND ? (T) ~0ull : 0;                                  \
  }                                                                           \
                                                                              \
  /* Values of the threads FIRST to END - 1 of a block, combined.  */       \
  static T fold_##T (int op, const T *v, unsigned int first,                 \
                     unsigned int end)                                        \
  {                                                                           \
    T r = identity_##T (op);                                                  \
    for (unsigned int i = first; i < end; i++)                                \
      r = combine_##T (op, r, v[i]);                                          \
    return r;                                                                 \
  }                                                                           \
                                                                              \
  static int check_##T (const T *in, const T *out, unsigned int threads,      \
                        int ops, const char *shape)                           \
  {                                                                           \
    int errors = 0;                                                           \
    for (unsigned int b = 0; b < BLOCKS; b++)                                 \
      for (unsigned int t = 0; t < threads; t++)                              \
        for (int op = 0; op < ops; op++)                                      \
          {                                                                   \
            const T *v = in + b * threads;                                    \
            const T *r = out + ((b * threads + t) * OPS + op) * KINDS;        \
            unsigned int first = t / WARP * WARP;                             \
            unsigned int lanes                                                \
                = threads - first < WARP ? threads - first : WARP;            \
            T want[KINDS]                                                     \
                = { fold_##T (op, v, first, first + lanes),                   \
                    fold_##T (op, v, first, t + 1),                           \
                    fold_##T (op, v, first, t),                               \
                    fold_##T (op, v, 0, threads),                             \
                    fold_##T (op, v, 0, t + 1),                               \
                    fold_##T (op, v, 0, t) };                                 \
            for (int k = 0; k < KINDS; k++)                                   \
              if (r[k] != want[k] && errors++ < 10)                           \
                printf (#T " %s: thread %u of block %u, op %d, "              \
                        "collective %d: %g, not %g\n",                        \
                        shape, t, b, op, k, (double) r[k],                    \
                        (double) want[k]);                                    \
          }                                                                   \
    return errors;                                                            \
  }

#define INTEGER_BITS(op, a, b)                                                \
  (op == CUDA_AND ? a & b : op == CUDA_OR ? a | b : a ^ b)
#define NO_BITS(op, a, b) a

REFERENCE (int, INT_MAX, INT_MIN, INTEGER_BITS)
REFERENCE (uint, UINT_MAX, 0, INTEGER_BITS)
REFERENCE (llong, LLONG_MAX, LLONG_MIN, INTEGER_BITS)
REFERENCE (short, SHRT_MAX, SHRT_MIN, INTEGER_BITS)
REFERENCE (float, INFINITY, -INFINITY, NO_BITS)
REFERENCE (double, INFINITY, -INFINITY, NO_BITS)

static int in_int[N];
static uint in_uint[N];
static llong in_llong[N];
static short in_short[N];
static float in_float[N];
static double in_double[N];
static int out_int[N * OPS * KINDS];
static uint out_uint[N * OPS * KINDS];
static llong out_llong[N * OPS * KINDS];
static short out_short[N * OPS * KINDS];
static float out_float[N * OPS * KINDS];
static double out_double[N * OPS * KINDS];

#define RUN(T, ops, block, threads, shape)                                    \
  cuda_launch (collect_##T, BLOCKS, block) (in_##T, out_##T);                 \
  errors += check_##T (in_##T, out_##T, threads, ops, shape);

#define RUN_ALL(block, threads, shape)                                        \
  RUN (int, 6, block, threads, shape)                                         \
  RUN (uint, 6, block, threads, shape)                                        \
  RUN (llong, 6, block, threads, shape)                                       \
  RUN (short, 6, block, threads, shape)                                       \
  RUN (float, 3, block, threads, shape)                                       \
  RUN (double, 3, block, threads, shape)

int
main (void)
{
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      int v = (i * 7919) % 101 - 50;
      in_int[i] = v * 40000;
      in_uint[i] = (unsigned int) (i * 2654435761u) >> 12;
      in_llong[i] = (llong) v << 33 | (i & 0xff);
      in_short[i] = v;
      in_float[i] = v;
      in_double[i] = v * 3;
    }
  RUN_ALL (32, 32, "32")
  RUN_ALL (256, 256, "256")
  RUN_ALL (48, 48, "48")
  RUN_ALL (cuda_dim3 (16, 8), 128, "16x8")
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
