/* Every compound assignment and increment on shared arrays, 1-D and
   2-D, of int and float, in kernels and in device functions: a device
   function called from two kernels and from another device function,
   and called twice in one kernel; the tree reduction with += of CUDA's
   samples, in a loop and unrolled.  Each thread updates its element,
   then reads its neighbour's after a barrier; plain C computes the
   same.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 3,
  N = THREADS * BLOCKS,
  COLS = 8,
  ROWS = THREADS / COLS,
  RESULTS = 4
};

/* Each compound assignment and increment on the int lvalue A, from V;
   the values of the increments added to R.  */
#define INT_STEPS(A, V, R)                                                    \
  do                                                                          \
    {                                                                         \
      A = (V);                                                                \
      A += 7;                                                                 \
      A -= 3;                                                                 \
      A *= 5;                                                                 \
      A /= 2;                                                                 \
      A %= 1000;                                                              \
      A &= 0x3f7;                                                             \
      A |= 0x40;                                                              \
      A ^= 0x15;                                                              \
      A <<= 3;                                                                \
      A >>= 1;                                                                \
      R += A++;                                                               \
      R += ++A * 3;                                                           \
      R += A-- * 5;                                                           \
      R += --A * 7;                                                           \
      A--;                                                                    \
      ++A;                                                                    \
      ++A;                                                                    \
    }                                                                         \
  while (0)

/* Those that apply to floats, exact for small V.  */
#define FLOAT_STEPS(A, V, R)                                                  \
  do                                                                          \
    {                                                                         \
      A = (V);                                                                \
      A += 1.5f;                                                              \
      A -= 0.25f;                                                             \
      A *= 3;                                                                 \
      A /= 2;                                                                 \
      R += A++;                                                               \
      R += ++A * 3;                                                           \
      R += A-- * 5;                                                           \
      R += --A * 7;                                                           \
      A--;                                                                    \
      ++A;                                                                    \
      ++A;                                                                    \
    }                                                                         \
  while (0)

/* The steps on an element of ARRAY, which thread T owns, then its
   neighbour's U element after a barrier, added to R.  */
#define EXCHANGE(STEPS, ARRAY_T, ARRAY_U, V, R)                               \
  do                                                                          \
    {                                                                         \
      STEPS (ARRAY_T, V, R);                                                  \
      cuda_syncthreads ();                                                    \
      R += ARRAY_U;                                                           \
      cuda_syncthreads ();                                                    \
    }                                                                         \
  while (0)

static __attribute__ ((cuda_device)) int
int_1d (unsigned int t, int v)
{
  static __attribute__ ((cuda_shared)) int a[THREADS];
  unsigned int u = (t + 1) % THREADS;
  int r = 0;
  EXCHANGE (INT_STEPS, a[t], a[u], v, r);
  return r;
}

static __attribute__ ((cuda_device)) int
int_2d (unsigned int t, int v)
{
  static __attribute__ ((cuda_shared)) int g[ROWS][COLS];
  unsigned int u = (t + 1) % THREADS;
  int r = 0;
  EXCHANGE (INT_STEPS, g[t / COLS][t % COLS], g[u / COLS][u % COLS], v, r);
  return r;
}

static __attribute__ ((cuda_device)) float
float_1d (unsigned int t, float v)
{
  static __attribute__ ((cuda_shared)) float a[THREADS];
  unsigned int u = (t + 1) % THREADS;
  float r = 0;
  EXCHANGE (FLOAT_STEPS, a[t], a[u], v, r);
  return r;
}

static __attribute__ ((cuda_device)) float
float_2d (unsigned int t, float v)
{
  static __attribute__ ((cuda_shared)) float g[ROWS][COLS];
  unsigned int u = (t + 1) % THREADS;
  float r = 0;
  EXCHANGE (FLOAT_STEPS, g[t / COLS][t % COLS], g[u / COLS][u % COLS], v,
            r);
  return r;
}

/* A device function that calls the others.  */
static __attribute__ ((cuda_device)) int
both_ints (unsigned int t, int v)
{
  return int_1d (t, v) - int_2d (t, v + 2);
}

/* The sum of a block's V, as the issue that found the bug wrote it.  */
static __attribute__ ((cuda_device)) float
block_sum (float v)
{
  static __attribute__ ((cuda_shared)) float part[THREADS];
  int t = threadIdx.x;
  part[t] = v;
  cuda_syncthreads ();
  for (int s = blockDim.x / 2; s > 0; s /= 2)
    {
      if (t < s)
        part[t] += part[t + s];
      cuda_syncthreads ();
    }
  float r = part[0];
  cuda_syncthreads ();
  return r;
}

/* The same unrolled, counting down with -=.  */
static __attribute__ ((cuda_device)) int
block_difference (int v)
{
  static __attribute__ ((cuda_shared)) int part[THREADS];
  unsigned int t = threadIdx.x;
  part[t] = v;
  cuda_syncthreads ();
#define STAGE(S)                                                              \
  if (t < (S))                                                                \
    part[t] -= part[t + (S)];                                                 \
  cuda_syncthreads ();
  STAGE (32) STAGE (16) STAGE (8) STAGE (4) STAGE (2) STAGE (1)
#undef STAGE
  int r = part[0];
  cuda_syncthreads ();
  return r;
}

/* The steps in the kernel itself.  */
__attribute__ ((cuda_jit)) void
in_kernel (const int in[N], int out[N][RESULTS], float fout[N][RESULTS])
{
  static __attribute__ ((cuda_shared)) int a[THREADS];
  static __attribute__ ((cuda_shared)) int g[ROWS][COLS];
  static __attribute__ ((cuda_shared)) float fa[THREADS];
  static __attribute__ ((cuda_shared)) float fg[ROWS][COLS];
  unsigned int t = threadIdx.x, u = (t + 1) % THREADS;
  long i = cuda_grid_x ();
  int r = 0, rg = 0;
  float fr = 0, fgr = 0;
  EXCHANGE (INT_STEPS, a[t], a[u], in[i], r);
  EXCHANGE (INT_STEPS, g[t / COLS][t % COLS], g[u / COLS][u % COLS], in[i],
            rg);
  EXCHANGE (FLOAT_STEPS, fa[t], fa[u], in[i] % 13, fr);
  EXCHANGE (FLOAT_STEPS, fg[t / COLS][t % COLS], fg[u / COLS][u % COLS],
            in[i] % 13, fgr);
  out[i][0] = r;
  out[i][1] = rg;
  out[i][2] = 0;
  out[i][3] = 0;
  fout[i][0] = fr;
  fout[i][1] = fgr;
  fout[i][2] = 0;
  fout[i][3] = 0;
}

/* The steps in device functions, int_1d called twice.  */
__attribute__ ((cuda_jit)) void
in_device (const int in[N], int out[N][RESULTS], float fout[N][RESULTS])
{
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  out[i][0] = int_1d (t, in[i]);
  out[i][1] = int_2d (t, in[i]);
  out[i][2] = int_1d (t, in[i] + 1);
  out[i][3] = block_difference (in[i]);
  fout[i][0] = float_1d (t, in[i] % 13);
  fout[i][1] = float_2d (t, in[i] % 13);
  fout[i][2] = block_sum (in[i] % 13);
  fout[i][3] = block_sum (1);
}

/* The same device functions from another kernel and through
   both_ints.  */
__attribute__ ((cuda_jit)) void
other_caller (const int in[N], int out[N][RESULTS], float fout[N][RESULTS])
{
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  out[i][0] = both_ints (t, in[i]);
  out[i][1] = int_2d (t, in[i] * 2);
  out[i][2] = block_difference (in[i] * 3);
  out[i][3] = 0;
  fout[i][0] = float_1d (t, in[i] % 7);
  fout[i][1] = 0;
  fout[i][2] = 0;
  fout[i][3] = 0;
}

/* Plain C: thread T's R after the steps from IN[T], with the final
   value of its neighbour's element.  */
static int
int_plain (const int *in, int t)
{
  int a = 0, r = 0, u = (t + 1) % THREADS;
  /* Only A matters here: GCC 16 warns of IGNORED, only ever updated.  */
  int ignored __attribute__ ((unused)) = 0;
  INT_STEPS (a, in[t], r);
  INT_STEPS (a, in[u], ignored);
  return r + a;
}

static float
float_plain (const int *in, int t, int modulo)
{
  float a = 0, r = 0;
  float ignored __attribute__ ((unused)) = 0;
  int u = (t + 1) % THREADS;
  FLOAT_STEPS (a, in[t] % modulo, r);
  FLOAT_STEPS (a, in[u] % modulo, ignored);
  return r + a;
}

/* block_difference's tree of subtractions over a block's IN times
   SCALE.  */
static int
difference_plain (const int *in, int scale)
{
  int part[THREADS];
  for (int t = 0; t < THREADS; t++)
    part[t] = in[t] * scale;
  for (int s = THREADS / 2; s > 0; s /= 2)
    for (int t = 0; t < s; t++)
      part[t] -= part[t + s];
  return part[0];
}

static int
check (const char *kernel, const int *got, const int *expected)
{
  int errors = 0;
  for (int k = 0; k < RESULTS; k++)
    if (got[k] != expected[k])
      {
        if (errors++ == 0)
          printf ("%s: int result %d is %d, not %d\n", kernel, k, got[k],
                  expected[k]);
      }
  return errors;
}

static int
check_float (const char *kernel, const float *got, const float *expected)
{
  int errors = 0;
  for (int k = 0; k < RESULTS; k++)
    if (got[k] != expected[k])
      {
        if (errors++ == 0)
          printf ("%s: float result %d is %g, not %g\n", kernel, k, got[k],
                  expected[k]);
      }
  return errors;
}

int
main (void)
{
  static int in[N], out[N][RESULTS];
  static float fout[N][RESULTS];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 37 % 101 + i / 7;

  cuda_launch (in_kernel, BLOCKS, THREADS) (in, out, fout);
  for (int i = 0; i < N; i++)
    {
      const int *block = in + i / THREADS * THREADS;
      int t = i % THREADS;
      int expected[RESULTS] = { int_plain (block, t), int_plain (block, t) };
      float fexpected[RESULTS]
          = { float_plain (block, t, 13), float_plain (block, t, 13) };
      errors += check ("in_kernel", out[i], expected);
      errors += check_float ("in_kernel", fout[i], fexpected);
    }

  cuda_launch (in_device, BLOCKS, THREADS) (in, out, fout);
  for (int i = 0; i < N; i++)
    {
      const int *block = in + i / THREADS * THREADS;
      int t = i % THREADS, next[THREADS];
      float sum = 0;
      for (int k = 0; k < THREADS; k++)
        {
          next[k] = block[k] + 1;
          sum += block[k] % 13;
        }
      int expected[RESULTS]
          = { int_plain (block, t), int_plain (block, t),
              int_plain (next, t), difference_plain (block, 1) };
      float fexpected[RESULTS] = { float_plain (block, t, 13),
                                   float_plain (block, t, 13), sum, THREADS };
      errors += check ("in_device", out[i], expected);
      errors += check_float ("in_device", fout[i], fexpected);
    }

  cuda_launch (other_caller, BLOCKS, THREADS) (in, out, fout);
  for (int i = 0; i < N; i++)
    {
      const int *block = in + i / THREADS * THREADS;
      int t = i % THREADS, twice[THREADS], plus_two[THREADS];
      for (int k = 0; k < THREADS; k++)
        {
          twice[k] = block[k] * 2;
          plus_two[k] = block[k] + 2;
        }
      int expected[RESULTS]
          = { int_plain (block, t) - int_plain (plus_two, t),
              int_plain (twice, t), difference_plain (block, 3), 0 };
      float fexpected[RESULTS] = { float_plain (block, t, 7) };
      errors += check ("other_caller", out[i], expected);
      errors += check_float ("other_caller", fout[i], fexpected);
    }

  printf ("shared compound assignments: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "shared compound assignments: 0 errors" } */
/* { dg-cudajit-levels all } */
