/* A loop with barriers that steps two variables, as cuda-samples'
   matrixMul walks a row of tiles of A and a column of tiles of B (for
   (a = abegin, b = bbegin; a <= aend; a += astep, b += bstep)): each
   step the same for every thread, so that the CPU backend cuts the loop
   at its barriers into loops over the threads, with no fibers.  In 2-D
   blocks of 4x4, 8x8 and 16x16, and 1-D blocks of 32, 48 and 256 that
   walk a matrix's rows and a vector together; and loops that test one
   variable, the same for every thread, and step beside it another, the
   thread's own (for (i = 0, j = t; i < n; i += threads, j += threads)),
   in a for's increment or at the end of a while's body, by += or ++,
   in blocks of 32, 48, 256 and 8x6.  Each result checked against plain
   C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  TILE_MAX = 16,
  WIDTH = 48,
  ROWS = 7,
  COLUMNS = 1000,
  THREADS_MAX = 256,
  TILES = 5,
  BLOCKS = 3,
  EXCHANGES = 3
};

/* C = A B, a block for each tile of C, as matrixMul.  */
__attribute__ ((cuda_jit)) void
matrix_mul (int ha, int wa, int wb, float c[ha * wb], const float a[ha * wa],
            const float b[wa * wb])
{
  static __attribute__ ((cuda_shared)) float as[TILE_MAX][TILE_MAX];
  static __attribute__ ((cuda_shared)) float bs[TILE_MAX][TILE_MAX];
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int tile = blockDim.x;
  int abegin = wa * tile * by;
  int aend = abegin + wa - 1;
  int astep = tile;
  int bbegin = tile * bx;
  int bstep = tile * wb;
  float csub = 0;
  for (int ai = abegin, bi = bbegin; ai <= aend; ai += astep, bi += bstep)
    {
      as[ty][tx] = a[ai + wa * ty + tx];
      bs[ty][tx] = b[bi + wb * ty + tx];
      cuda_syncthreads ();
      for (int k = 0; k < tile; ++k)
        csub += as[ty][k] * bs[k][tx];
      cuda_syncthreads ();
    }
  int ci = wb * tile * by + tile * bx;
  c[ci + wb * ty + tx] = csub;
}

/* y = A x, a block for each row: the row's elements and x's walked
   together, a tile of products at a time, which thread 0 adds up; the
   loop's variables declared before it, beside a sum that only thread 0
   keeps.  */
__attribute__ ((cuda_jit)) void
row_times_vector (int rows, int n, const int a[rows * n], const int x[n],
                  long y[rows])
{
  static __attribute__ ((cuda_shared)) int products[THREADS_MAX];
  long sum = 0;
  int ai, xi;
  for (ai = blockIdx.x * n, xi = 0; xi < n;
       ai += blockDim.x, xi += blockDim.x)
    {
      products[threadIdx.x]
          = xi + threadIdx.x < n ? a[ai + threadIdx.x] * x[xi + threadIdx.x]
                                 : 0;
      cuda_syncthreads ();
      if (threadIdx.x == 0)
        for (unsigned k = 0; k < blockDim.x; k++)
          sum += products[k];
      cuda_syncthreads ();
    }
  if (threadIdx.x == 0)
    y[blockIdx.x] = sum;
}

/* y = A x as row_times_vector, the thread's element of the row a
   variable of the loop, and the block 1-D or 2-D.  */
__attribute__ ((cuda_jit)) void
row_dots (int rows, int n, const int a[rows * n], const int x[n],
          long y[rows])
{
  static __attribute__ ((cuda_shared)) int products[THREADS_MAX];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  long sum = 0;
  for (int i = 0, j = blockIdx.x * n + t; i < n; i += threads, j += threads)
    {
      products[t] = i + t < n ? a[j] * x[i + t] : 0;
      cuda_syncthreads ();
      if (t == 0)
        for (unsigned k = 0; k < threads; k++)
          sum += products[k];
      cuda_syncthreads ();
    }
  if (t == 0)
    y[blockIdx.x] = sum;
}

/* Each thread adds up the elements at its mirror image in the block's
   TILES tiles, through shared memory: the tile's start and the
   thread's element stepped together at the end of a while's body.  */
__attribute__ ((cuda_jit)) void
mirror_sums (int n, int tiles, const int in[n], int out[n])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  int sum = 0, i = blockIdx.x * tiles * threads, j = i + t;
  int end = i + tiles * threads;
  while (i < end)
    {
      s[t] = in[j];
      cuda_syncthreads ();
      sum += s[threads - 1 - t];
      cuda_syncthreads ();
      i += threads, j += threads;
    }
  out[blockIdx.x * threads + t] = sum;
}

/* Each thread adds up ROUNDS rounds of EXCHANGES values that its
   neighbours load through shared memory: an inner loop that counts its
   turns by k++ and steps the thread's own q++ beside it, in a while
   whose steps end its body.  */
__attribute__ ((cuda_jit)) void
neighbour_rounds (int n, int rounds, const int in[n], int out[n])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  int sum = 0, r = 0, j = blockIdx.x * threads + t;
  while (r < rounds)
    {
      for (int k = 0, q = t; k < EXCHANGES; k++, q++)
        {
          s[t] = in[(j + q) % n];
          cuda_syncthreads ();
          sum += s[(t + k) % threads];
          cuda_syncthreads ();
        }
      r++, j += threads;
    }
  out[blockIdx.x * threads + t] = sum;
}

static int in[BLOCKS * TILES * THREADS_MAX], out[BLOCKS * THREADS_MAX];

int
main (void)
{
  static float a[WIDTH][WIDTH], b[WIDTH][WIDTH], c[WIDTH][WIDTH];
  static int m[ROWS][COLUMNS], x[COLUMNS];
  static long y[ROWS];
  static const int tiles[] = { 4, 8, 16 };
  static const int threads[] = { 32, 48, 256 };
  int errors = 0;

  for (int i = 0; i < WIDTH; i++)
    for (int j = 0; j < WIDTH; j++)
      {
        a[i][j] = (i + 2 * j) % 7;
        b[i][j] = (3 * i + j) % 5 - 2;
      }
  for (unsigned t = 0; t < sizeof tiles / sizeof *tiles; t++)
    {
      int tile = tiles[t];
      cuda_launch (matrix_mul, cuda_dim3 (WIDTH / tile, WIDTH / tile),
                   cuda_dim3 (tile, tile)) (WIDTH, WIDTH, WIDTH, &c[0][0],
                                            &a[0][0], &b[0][0]);
      for (int i = 0; i < WIDTH; i++)
        for (int j = 0; j < WIDTH; j++)
          {
            float expected = 0;
            for (int k = 0; k < WIDTH; k++)
              expected += a[i][k] * b[k][j];
            errors += c[i][j] != expected;
          }
    }

  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLUMNS; j++)
      m[i][j] = (i * 31 + j * 7) % 19 - 9;
  for (int j = 0; j < COLUMNS; j++)
    x[j] = j % 13 - 6;
  for (unsigned t = 0; t < sizeof threads / sizeof *threads; t++)
    {
      cuda_launch (row_times_vector, ROWS, threads[t]) (ROWS, COLUMNS,
                                                         &m[0][0], x, y);
      for (int i = 0; i < ROWS; i++)
        {
          long expected = 0;
          for (int j = 0; j < COLUMNS; j++)
            expected += m[i][j] * x[j];
          errors += y[i] != expected;
        }
    }

  static const cuda_dim3 shapes[]
      = { { 32, 1, 1 }, { 48, 1, 1 }, { 256, 1, 1 }, { 8, 6, 1 } };
  for (unsigned sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
    {
      int count = shapes[sh].x * shapes[sh].y;
      cuda_launch (row_dots, ROWS, shapes[sh]) (ROWS, COLUMNS, &m[0][0], x,
                                                 y);
      for (int i = 0; i < ROWS; i++)
        {
          long expected = 0;
          for (int j = 0; j < COLUMNS; j++)
            expected += m[i][j] * x[j];
          errors += y[i] != expected;
        }

      for (int i = 0; i < BLOCKS * TILES * count; i++)
        in[i] = (i * 37 + sh) % 101 - 50;
      cuda_launch (mirror_sums, BLOCKS, shapes[sh]) (
          BLOCKS * TILES * count, TILES, in, out);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          {
            int expected = 0;
            for (int k = 0; k < TILES; k++)
              expected += in[(bl * TILES + k) * count + count - 1 - t];
            errors += out[bl * count + t] != expected;
          }

      int n = BLOCKS * TILES * count;
      cuda_launch (neighbour_rounds, BLOCKS, shapes[sh]) (n, TILES, in, out);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          {
            int expected = 0;
            for (int r = 0; r < TILES; r++)
              for (int k = 0; k < EXCHANGES; k++)
                {
                  int u = (t + k) % count;
                  expected += in[(bl * count + u + r * count + u + k) % n];
                }
            errors += out[bl * count + t] != expected;
          }
    }

  printf ("loop with two variables: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "loop with two variables: 0 errors" } */
/* { dg-cudajit-levels all } */
