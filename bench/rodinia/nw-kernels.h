/* SPDX-License-Identifier: MIT */
/* Needleman-Wunsch's kernels: the global alignment scores of two
   sequences, a matrix of (N + 1) x (N + 1) whose first row and column
   are gaps.  The matrix goes in NW_BLOCK x NW_BLOCK blocks, a diagonal
   of blocks a launch: nw_upper for the diagonals of the upper left
   triangle, nw_lower for the others.  A block of NW_BLOCK threads
   computes its square's anti-diagonals in shared memory, from the row
   above it and the column left of it.  */

#define NW_BLOCK 16

HOST_DEVICE int
max3 (int a, int b, int c)
{
  return rodinia_max (rodinia_max (a, b), c);
}

/* The block at (BX, BY), in blocks, of MATRIX, with the scores of
   REFERENCE and the gap PENALTY.  */
DEVICE void
nw_block (const int *reference, int *matrix, int cols, int penalty, int bx,
          int by)
{
  SHARED int temp[NW_BLOCK + 1][NW_BLOCK + 1];
  SHARED int ref[NW_BLOCK][NW_BLOCK];
  int tx = threadIdx.x;
  /* The cell above and left of the block's first.  */
  int corner = cols * NW_BLOCK * by + NW_BLOCK * bx;
  int index = corner + cols + 1 + tx;

  if (tx == 0)
    temp[0][0] = matrix[corner];
  for (int ty = 0; ty < NW_BLOCK; ty++)
    ref[ty][tx] = reference[index + cols * ty];
  temp[tx + 1][0] = matrix[corner + cols * (tx + 1)];
  temp[0][tx + 1] = matrix[corner + tx + 1];
  SYNCTHREADS ();
  /* The anti-diagonals that grow, then those that shrink.  */
  for (int m = 0; m < NW_BLOCK; m++)
    {
      if (tx <= m)
        {
          int x = tx + 1, y = m - tx + 1;
          temp[y][x]
              = max3 (temp[y - 1][x - 1] + ref[y - 1][x - 1],
                      temp[y][x - 1] - penalty, temp[y - 1][x] - penalty);
        }
      SYNCTHREADS ();
    }
  for (int m = NW_BLOCK - 2; m >= 0; m--)
    {
      if (tx <= m)
        {
          int x = tx + NW_BLOCK - m, y = NW_BLOCK - tx;
          temp[y][x]
              = max3 (temp[y - 1][x - 1] + ref[y - 1][x - 1],
                      temp[y][x - 1] - penalty, temp[y - 1][x] - penalty);
        }
      SYNCTHREADS ();
    }
  for (int ty = 0; ty < NW_BLOCK; ty++)
    matrix[index + cols * ty] = temp[ty + 1][tx + 1];
}

/* Diagonal I (1 to BLOCK_WIDTH) of the upper left triangle of blocks.  */
KERNEL
nw_upper (const int *reference, int *matrix, int cols, int penalty, int i)
{
  int bx = blockIdx.x;
  nw_block (reference, matrix, cols, penalty, bx, i - 1 - bx);
}

/* Diagonal I (BLOCK_WIDTH - 1 down to 1) of the lower right triangle.  */
KERNEL
nw_lower (const int *reference, int *matrix, int cols, int penalty, int i,
          int block_width)
{
  int bx = blockIdx.x;
  nw_block (reference, matrix, cols, penalty, bx + block_width - i,
            block_width - bx - 1);
}
