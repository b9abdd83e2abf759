/* Guards on the common CUDA index, int x = blockIdx.x * blockDim.x +
   threadIdx.x, an unsigned sum converted to int, and on y and its rows,
   which the CPU backend makes the bounds of its loops over x and y;
   also threadIdx.y compared alone, and a launch of more than 2^31
   threads, where x wraps to negative values inside a block and each of
   its threads must test the guard as written.  Each kernel marks the
   threads that pass its guard; the same condition, computed here for
   each thread, says which must.  Then the thread's index plus constants,
   converted to int and long, which the CPU backend computes as signed
   sums where they cannot wrap.  */
/* { dg-do run } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

enum
{
  SIDE = 12,
  BLOCK_X = 4,
  BLOCK_Y = 3,
  /* A block that a launch of more than 2^31 threads has across 2^31.  */
  WIDE_BLOCK = 1000,
  WIDE_GRID = (1u << 31) / WIDE_BLOCK + 2,
  /* The threads around 2^31, where x wraps.  */
  WINDOW = 4096,
  MARKS = 8
};

#define INSIDE(x, y, size) ((x) > 0 && (y) > 0 && (x) < (size) - 1 && (y) < (size) - 1)
#define ROW_EDGE(ty, y, size) ((ty) == 0 && (y) < (size))
#define BETWEEN(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

__attribute__ ((cuda_jit)) void
inside (int size, int out[SIDE][SIDE])
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (INSIDE (x, y, size))
    out[y][x] = 1;
}

/* Long indices of unsigned sums, which wrap at 2^32, not 2^31.  */
__attribute__ ((cuda_jit)) void
inside_long (int size, int out[SIDE][SIDE])
{
  long x = blockIdx.x * blockDim.x + threadIdx.x;
  long y = blockIdx.y * blockDim.y + threadIdx.y;
  if (INSIDE (x, y, size))
    out[y][x] = 1;
}

__attribute__ ((cuda_jit)) void
row_edge (int size, int out[SIDE][SIDE])
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (ROW_EDGE (threadIdx.y, y, size))
    out[y][x] = 1;
}

__attribute__ ((cuda_jit)) void
between (int lo, int hi, int out[MARKS])
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (BETWEEN (x, lo, hi))
    out[x & (MARKS - 1)] = x;
}

/* What each thread's index plus each of SHIFTS converts to.  */
#define SHIFTS(t)                                                             \
  {                                                                           \
    (int) ((t) + 1), (int) ((t) - 1), (int) ((t) + INT_MAX),                  \
        (int) ((t) + 0x80000000u), (int) (long) ((t) + 1),                    \
        (int) ((long) ((t) - 1) >> 16), (int) ((long) ((t) - 1) & 0xffff),    \
        (int) ((long) ((t) + UINT_MAX - 2) >> 1)                              \
  }
enum
{
  SHIFTED = 8
};

__attribute__ ((cuda_jit)) void
shifts (int out[SIDE][SHIFTED])
{
  int values[SHIFTED] = SHIFTS (threadIdx.x);
  for (int k = 0; k < SHIFTED; k++)
    out[threadIdx.x][k] = values[k];
}

static int errors;

static void
check (const char *what, int size, const int *out, const int *expected,
       int count)
{
  for (int i = 0; i < count; i++)
    if (out[i] != expected[i])
      {
        printf ("%s, %d: element %d is %d, not %d\n", what, size, i, out[i],
                expected[i]);
        errors++;
        return;
      }
}

int
main (void)
{
  static int out[SIDE][SIDE], expected[SIDE][SIDE];
  static const int sizes[] = { INT_MIN, -1, 0, 1, 2, 3, 5, SIDE - 1, SIDE,
                               SIDE + 4, INT_MAX };
  cuda_dim3 grid = cuda_dim3 (SIDE / BLOCK_X, SIDE / BLOCK_Y);
  cuda_dim3 block = cuda_dim3 (BLOCK_X, BLOCK_Y);

  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
    {
      int size = sizes[s];
      memset (out, 0, sizeof out);
      cuda_launch (inside, grid, block) (size, out);
      for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
          expected[y][x] = INSIDE (x, y, size);
      check ("inside", size, &out[0][0], &expected[0][0], SIDE * SIDE);

      memset (out, 0, sizeof out);
      cuda_launch (inside_long, grid, block) (size, out);
      check ("inside_long", size, &out[0][0], &expected[0][0], SIDE * SIDE);

      memset (out, 0, sizeof out);
      cuda_launch (row_edge, grid, block) (size, out);
      for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
          expected[y][x] = ROW_EDGE (y % BLOCK_Y, y, size);
      check ("row_edge", size, &out[0][0], &expected[0][0], SIDE * SIDE);
    }

  static int shifted[SIDE][SHIFTED], expected_shifted[SIDE][SHIFTED];
  cuda_launch (shifts, 1, SIDE) (shifted);
  for (unsigned int t = 0; t < SIDE; t++)
    {
      int values[SHIFTED] = SHIFTS (t);
      memcpy (expected_shifted[t], values, sizeof values);
    }
  check ("shifts", 0, &shifted[0][0], &expected_shifted[0][0],
         SIDE * SHIFTED);

  /* Compiled without optimization, the CPU backend runs each of the
     2^31 threads alone: only the optimized builds, whose block functions
     bound their loops, launch so many.  */
#ifdef __OPTIMIZE__
  static const int ranges[][2]
      = { { INT_MAX - 3, INT_MAX }, { INT_MIN, INT_MIN + 3 },
          { INT_MAX - 5, INT_MIN + 5 }, { INT_MAX - 2, INT_MIN + 2 } };
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
    {
      int lo = ranges[r][0], hi = ranges[r][1];
      int marks[MARKS] = { 0 }, expected_marks[MARKS] = { 0 };
      cuda_launch (between, WIDE_GRID, WIDE_BLOCK) (lo, hi, marks);
      /* Only the threads around 2^31 have x so near INT_MAX or INT_MIN.  */
      for (unsigned int t = (1u << 31) - WINDOW / 2;
           t < (1u << 31) + WINDOW / 2; t++)
        {
          int x = (int) t;
          if (BETWEEN (x, lo, hi))
            expected_marks[x & (MARKS - 1)] = x;
        }
      check ("between", lo, marks, expected_marks, MARKS);
    }
#endif

  printf ("int index guard bounds: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "int index guard bounds: 0 errors" } */
/* { dg-cudajit-levels all } */
