/* Kernels whose threads wait at cuda_syncthreads, in the shapes that the
   CPU backend cuts at their barriers into loops over the threads: values
   that live across a barrier (scalars, arrays, addresses of them,
   variables read only in an initializer or through a pointer, variables
   of a loop's body), barriers in for, while and do loops and in
   conditionals that the whole block takes alike, nested loops, returns
   after the last barrier, blocks of two and three dimensions, and device
   functions (calling others) and cuda_laneid that read threadIdx.  Each
   is checked against the same work in plain C; on a GPU the same results
   come.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  THREADS = 64,
  BLOCKS = 5,
  N = THREADS * BLOCKS,
  TILE = 8
};

/* The value of thread T of block B, through a barrier, and its
   neighbour's: a scalar, an array and an address live across it.  */
__attribute__ ((cuda_jit)) void
live_across (const int in[N], int out[N][4])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  int mine = in[i] * 3;
  int kept[3] = { mine, mine + 1, mine + 2 };
  int *where = &kept[1];
  s[t] = mine;
  cuda_syncthreads ();
  int next = s[(t + 1) % THREADS];
  cuda_syncthreads ();
  s[t] = next;
  cuda_syncthreads ();
  out[i][0] = mine;
  out[i][1] = s[(t + THREADS - 1) % THREADS];
  out[i][2] = kept[0] + kept[2];
  out[i][3] = *where;
}

/* Values that cross a barrier only in an initializer, or only through
   a pointer to them.  */
__attribute__ ((cuda_jit)) void
hidden_uses (const int in[N], int out[N][2])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  int doubled = in[i] * 2;
  int pointed;
  int *to_pointed = &pointed;
  pointed = in[i] + 1;
  s[t] = doubled;
  cuda_syncthreads ();
  int sum = doubled + s[(t + 1) % THREADS];
  out[i][0] = sum;
  out[i][1] = *to_pointed;
}

/* Values the same for every thread, set once for the block (a stride,
   a scale, a pointer, from arguments and the block's index), and others
   that only look so: set in a conditional, or beside a per-thread
   statement.  Variables set anew in each region, and set in a
   conditional before a barrier.  */
__attribute__ ((cuda_jit)) void
uniform_values (int base, const int in[N], int out[N][4], int sums[BLOCKS])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  float scale = 0.5f * (blockIdx.x + 1);
  int *sum = sums + blockIdx.x;
  int looks_uniform = base;
  int mixed;
  int v;
  if (t < 3)
    looks_uniform = base + 7;
  mixed = 2;
  s[t] = in[i] + mixed;
  v = in[i] * 5;
  cuda_syncthreads ();
  mixed++;
  v = v + s[(t + 1) % THREADS];
  /* Before the reduction writes s[(t + 1) % THREADS].  */
  cuda_syncthreads ();
  for (unsigned int stride = THREADS / 2; stride > 0; stride >>= 1)
    {
      if (t < stride)
        s[t] += s[t + stride];
      cuda_syncthreads ();
    }
  if (t == 0)
    *sum = s[0];
  v += looks_uniform;
  out[i][0] = v;
  out[i][1] = (int) (scale * 4);
  out[i][2] = mixed;
  int fresh = t * 3;
  cuda_syncthreads ();
  fresh = t + 1;
  out[i][3] = fresh;
}

/* A tree reduction, its barrier in a for loop whose variable each thread
   keeps; then the same with while and do loops.  */
__attribute__ ((cuda_jit)) void
reductions (const int in[N], int out[BLOCKS][3])
{
  static __attribute__ ((cuda_shared)) int s[3][THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  for (int k = 0; k < 3; k++)
    s[k][t] = in[i] + k;
  cuda_syncthreads ();
  for (unsigned int half = blockDim.x / 2; half > 0; half /= 2)
    {
      if (t < half)
        s[0][t] += s[0][t + half];
      cuda_syncthreads ();
    }
  unsigned int half = blockDim.x;
  while (half > 1)
    {
      half /= 2;
      if (t < half)
        s[1][t] += s[1][t + half];
      cuda_syncthreads ();
    }
  unsigned int step = 1;
  do
    {
      if (t % (2 * step) == 0)
        s[2][t] += s[2][t + step];
      step *= 2;
      cuda_syncthreads ();
    }
  while (step < blockDim.x);
  if (t != 0)
    return;
  for (int k = 0; k < 3; k++)
    out[blockIdx.x][k] = s[k][0];
}

/* A barrier in a conditional that all threads take alike, and one that
   none takes.  */
__attribute__ ((cuda_jit)) void
uniform_branch (int rotate, const int in[N], int out[N])
{
  static __attribute__ ((cuda_shared)) int s[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  int value = in[i];
  if (rotate > 0)
    {
      s[t] = value;
      cuda_syncthreads ();
      value = s[(t + rotate) % THREADS];
    }
  else
    {
      s[t] = -value;
      cuda_syncthreads ();
      value = s[t];
    }
  out[i] = value;
}

/* A matrix product in tiles of shared memory: a barrier loop over the
   tiles, with a loop without barrier inside, in blocks of two
   dimensions.  */
__attribute__ ((cuda_jit)) void
matmul (int n, const float a[n][n], const float b[n][n], float c[n][n])
{
  static __attribute__ ((cuda_shared)) float ta[TILE][TILE], tb[TILE][TILE];
  int row = cuda_grid_y (), col = cuda_grid_x ();
  float sum = 0;
  for (int tile = 0; tile < n / TILE; tile++)
    {
      ta[threadIdx.y][threadIdx.x] = a[row][tile * TILE + threadIdx.x];
      tb[threadIdx.y][threadIdx.x] = b[tile * TILE + threadIdx.y][col];
      cuda_syncthreads ();
      float partial = 0;
      for (int k = 0; k < TILE; k++)
        partial += ta[threadIdx.y][k] * tb[k][threadIdx.x];
      cuda_syncthreads ();
      sum += partial;
    }
  c[row][col] = sum;
}

/* The number of a thread in a block of three dimensions, through a
   barrier, as a device function reads it.  */
static int
thread_number (void)
{
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* A device function that calls another, neither reaching a barrier.  */
static int
thread_number_twice (void)
{
  return 2 * thread_number ();
}

__attribute__ ((cuda_jit)) void
cube (int out[2][4][3][2])
{
  static __attribute__ ((cuda_shared)) int s[24];
  int number = thread_number_twice () / 2;
  s[number] = number;
  cuda_syncthreads ();
  out[blockIdx.x][threadIdx.z][threadIdx.y][threadIdx.x]
      = s[23 - number] + 100 * thread_number () + 10000 * cuda_laneid ();
}

/* No barrier: the loops over the threads alone, with cuda_laneid and a
   device function reading threadIdx, and a return.  */
__attribute__ ((cuda_jit)) void
lanes (int n, int out[n])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  /* cuda_lanemask_lt, inline in cudajit.h, reads threadIdx through
     cuda_laneid.  */
  out[i] = cuda_laneid () + 100 * thread_number ()
           + 100000 * (cuda_lanemask_lt () == (1u << cuda_laneid ()) - 1);
}

int
main (void)
{
  static int in[N], out4[N][4], out2[N][2], uniform_sums[BLOCKS], sums[BLOCKS][3], rotated[N], negated[N];
  static float a[32][32], b[32][32], c[32][32];
  static int cubed[2][4][3][2], laned[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 23;

  cuda_launch (live_across, BLOCKS, THREADS) (in, out4);
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS * THREADS, t = i % THREADS;
      errors += out4[i][0] != in[i] * 3;
      errors += out4[i][1] != in[block + t] * 3;
      errors += out4[i][2] != 2 * in[i] * 3 + 2;
      errors += out4[i][3] != in[i] * 3 + 1;
    }

  cuda_launch (hidden_uses, BLOCKS, THREADS) (in, out2);
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS * THREADS, t = i % THREADS;
      errors += out2[i][0] != 2 * in[i] + 2 * in[block + (t + 1) % THREADS];
      errors += out2[i][1] != in[i] + 1;
    }

  cuda_launch (uniform_values, BLOCKS, THREADS) (10, in, out4, uniform_sums);
  for (int bl = 0; bl < BLOCKS; bl++)
    {
      int expected = 0;
      for (int t = 0; t < THREADS; t++)
        expected += in[bl * THREADS + t] + 2;
      errors += uniform_sums[bl] != expected;
    }
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS, t = i % THREADS;
      int neighbour = in[block * THREADS + (t + 1) % THREADS] + 2;
      errors += out4[i][0] != in[i] * 5 + neighbour + (t < 3 ? 17 : 10);
      errors += out4[i][1] != (block + 1) * 2;
      errors += out4[i][2] != 3;
      errors += out4[i][3] != t + 1;
    }

  cuda_launch (reductions, BLOCKS, THREADS) (in, sums);
  for (int bl = 0; bl < BLOCKS; bl++)
    for (int k = 0; k < 3; k++)
      {
        int expected = 0;
        for (int t = 0; t < THREADS; t++)
          expected += in[bl * THREADS + t] + k;
        errors += sums[bl][k] != expected;
      }

  cuda_launch (uniform_branch, BLOCKS, THREADS) (5, in, rotated);
  cuda_launch (uniform_branch, BLOCKS, THREADS) (0, in, negated);
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS * THREADS, t = i % THREADS;
      errors += rotated[i] != in[block + (t + 5) % THREADS];
      errors += negated[i] != -in[i];
    }

  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      {
        a[i][j] = (i + 2 * j) % 7;
        b[i][j] = (3 * i + j) % 5;
      }
  cuda_launch (matmul, cuda_dim3 (32 / TILE, 32 / TILE),
               cuda_dim3 (TILE, TILE)) (32, a, b, c);
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      {
        float expected = 0;
        for (int k = 0; k < 32; k += TILE)
          {
            float partial = 0;
            for (int kk = k; kk < k + TILE; kk++)
              partial += a[i][kk] * b[kk][j];
            expected += partial;
          }
        errors += c[i][j] != expected;
      }

  cuda_launch (cube, 2, cuda_dim3 (2, 3, 4)) (cubed);
  for (int bl = 0; bl < 2; bl++)
    for (int z = 0; z < 4; z++)
      for (int y = 0; y < 3; y++)
        for (int x = 0; x < 2; x++)
          {
            int number = x + 2 * (y + 3 * z);
            errors += (cubed[bl][z][y][x]
                       != 23 - number + 100 * number + 10000 * (number % 32));
          }

  memset (laned, -1, sizeof laned);
  cuda_launch (lanes, BLOCKS, THREADS) (N - 3, laned);
  for (int i = 0; i < N; i++)
    errors += laned[i]
              != (i < N - 3 ? i % 32 + 100 * (i % THREADS) + 100000 : -1);

  printf ("fission: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "fission: 0 errors" } */
/* { dg-cudajit-levels all } */
