/* Returns of whole blocks before a barrier, on a condition the same for
   every thread of the block: cuda-samples' shfl_scan adds each block's
   offset to the next blocks (if (blockIdx.x == 0) return;), a 2-D grid
   leaves its blocks past a bound, a return between two barriers, one
   on a variable set from the block's index, one whose branch does work
   before it returns, and one in an else branch.  The CPU backend ends
   such a block's function
   there, with no fibers.  In blocks of 32, 48 and 256 and 2-D blocks;
   each result checked against plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS_MAX = 256,
  BLOCKS = 7,
  N = BLOCKS * THREADS_MAX
};

/* shfl_scan's uniform_add: the sums of the blocks before, added to
   each element of the blocks after the first.  */
__attribute__ ((cuda_jit)) void
uniform_add (int len, int data[len], const int partial[len])
{
  static __attribute__ ((cuda_shared)) int buf;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x == 0)
    return;
  if (threadIdx.x == 0)
    buf = partial[blockIdx.x - 1];
  cuda_syncthreads ();
  if (id < len)
    data[id] += buf;
}

/* Each tile of the rows of tiles below ROWS transposed through shared
   memory, the blocks of the others gone at once; in square 2-D
   blocks.  */
__attribute__ ((cuda_jit)) void
rows_below (int rows, int width, int out[width * width],
            const int in[width * width])
{
  static __attribute__ ((cuda_shared)) int tile[16][17];
  if (blockIdx.y >= rows)
    return;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  cuda_syncthreads ();
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

/* Every block rotates its values; odd blocks then leave, the others
   rotate again.  */
__attribute__ ((cuda_jit)) void
between_barriers (int n, int out[n], const int in[n])
{
  static __attribute__ ((cuda_shared)) int s[THREADS_MAX];
  int block = blockIdx.x;
  unsigned t = threadIdx.x;
  int i = block * blockDim.x + t;
  s[t] = in[i];
  cuda_syncthreads ();
  int v = s[(t + 1) % blockDim.x];
  out[i] = v;
  if (block % 2 == 1)
    return;
  cuda_syncthreads ();
  s[t] = v;
  cuda_syncthreads ();
  out[i] = s[(t + 1) % blockDim.x];
}

/* uniform_add, whose first block marks its elements before it leaves,
   and the others the elements they add to; in 1-D and 2-D blocks.  */
__attribute__ ((cuda_jit)) void
add_or_mark (int len, int data[len], int marks[len], const int partial[len])
{
  static __attribute__ ((cuda_shared)) int buf;
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  int id = blockIdx.x * threads + t;
  if (blockIdx.x == 0)
    {
      marks[id] = -1;
      return;
    }
  if (t == 0)
    buf = partial[blockIdx.x - 1];
  cuda_syncthreads ();
  data[id] += buf;
  marks[id] = blockIdx.x;
}

/* uniform_add the other way round: the blocks after the first load
   their offset, and the first returns in the else branch.  */
__attribute__ ((cuda_jit)) void
add_else_return (int len, int data[len], const int partial[len])
{
  static __attribute__ ((cuda_shared)) int buf;
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0)
    {
      if (t == 0)
        buf = partial[blockIdx.x - 1];
    }
  else
    return;
  cuda_syncthreads ();
  data[blockIdx.x * threads + t] += buf;
}

static int data[N], expected[N], partial[BLOCKS], in[N], out[N];

int
main (void)
{
  static const int threads[] = { 32, 48, 256 };
  static const cuda_dim3 tiles[] = { { 4, 4, 1 }, { 8, 8, 1 }, { 16, 16, 1 } };
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 23;
  for (unsigned k = 0; k < sizeof threads / sizeof *threads; k++)
    {
      int count = threads[k], len = BLOCKS * count - 5;
      int sum = 0;
      for (int bl = 0; bl < BLOCKS; bl++)
        {
          for (int t = 0; t < count; t++)
            data[bl * count + t] = (bl * count + t) % 11;
          sum += bl * 3 + 1;
          partial[bl] = sum;
        }
      for (int i = 0; i < N; i++)
        expected[i] = data[i] + (i >= count && i < len ? partial[i / count - 1] : 0);
      cuda_launch (uniform_add, BLOCKS, count) (len, data, partial);
      for (int i = 0; i < N; i++)
        errors += data[i] != expected[i];

      for (int i = 0; i < N; i++)
        out[i] = -1;
      cuda_launch (between_barriers, BLOCKS, count) (N, out, in);
      for (int bl = 0; bl < BLOCKS; bl++)
        for (int t = 0; t < count; t++)
          errors += out[bl * count + t]
                    != in[bl * count + (t + (bl % 2 ? 1 : 2)) % count];
    }

  for (unsigned k = 0; k < sizeof tiles / sizeof *tiles; k++)
    {
      enum { WIDTH = 32 };
      int rows = 3 * WIDTH / 4 / tiles[k].y;
      for (int i = 0; i < WIDTH * WIDTH; i++)
        out[i] = -1;
      cuda_launch (rows_below, cuda_dim3 (WIDTH / tiles[k].x, WIDTH / tiles[k].y),
                   tiles[k]) (rows, WIDTH, out, in);
      for (int y = 0; y < WIDTH; y++)
        for (int x = 0; x < WIDTH; x++)
          {
            int bx = x / tiles[k].x, by = y / tiles[k].y;
            int tx = x % tiles[k].x, ty = y % tiles[k].y;
            int from = (by * tiles[k].y + tx) * WIDTH + bx * tiles[k].x + ty;
            errors += out[y * WIDTH + x] != (by < rows ? in[from] : -1);
          }
    }

  static const cuda_dim3 shapes[]
      = { { 32, 1, 1 }, { 48, 1, 1 }, { 256, 1, 1 }, { 8, 6, 1 } };
  for (unsigned sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
    {
      int count = shapes[sh].x * shapes[sh].y;
      for (int bl = 0; bl < BLOCKS; bl++)
        partial[bl] = bl * 5 - 7;
      for (int i = 0; i < N; i++)
        {
          data[i] = i % 13;
          out[i] = -2;
          expected[i] = data[i]
                        + (i >= count && i < BLOCKS * count
                               ? partial[i / count - 1]
                               : 0);
        }
      cuda_launch (add_or_mark, BLOCKS, shapes[sh]) (N, data, out, partial);
      for (int i = 0; i < N; i++)
        errors += data[i] != expected[i]
                  || out[i] != (i < count             ? -1
                                : i < BLOCKS * count ? i / count
                                                     : -2);

      for (int i = 0; i < N; i++)
        data[i] = i % 17;
      cuda_launch (add_else_return, BLOCKS, shapes[sh]) (N, data, partial);
      for (int i = 0; i < N; i++)
        errors += data[i]
                  != i % 17
                         + (i >= count && i < BLOCKS * count
                                ? partial[i / count - 1]
                                : 0);
    }

  printf ("block returns: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "block returns: 0 errors" } */
/* { dg-cudajit-levels all } */
