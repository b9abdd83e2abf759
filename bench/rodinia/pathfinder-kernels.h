/* SPDX-License-Identifier: MIT */
/* Pathfinder's kernel: the cheapest path down a grid of weights, a row
   at a time, each cell reached from the three cells above it.  A block
   of PATHFINDER_BLOCK threads takes a strip of columns and advances it
   ITERATION rows in shared memory, its edges shrinking by a column a row
   (the pyramid), so that it writes the columns that depend only on what
   it loaded.  */

#define PATHFINDER_BLOCK 256

KERNEL
pathfinder_step (int iteration, const int *wall, const int *src, int *results,
                 int cols, int start_step, int border)
{
  SHARED int prev[PATHFINDER_BLOCK];
  SHARED int result[PATHFINDER_BLOCK];
  int tx = threadIdx.x;

  /* The block's strip, in the grid's columns, before the pyramid
     shrinks it.  */
  int small_cols = PATHFINDER_BLOCK - iteration * 2;
  int blk_x = small_cols * (int) blockIdx.x - border;
  int blk_x_max = blk_x + PATHFINDER_BLOCK - 1;
  int x = blk_x + tx;
  int valid_x_min = blk_x < 0 ? -blk_x : 0;
  int valid_x_max = blk_x_max > cols - 1
                        ? PATHFINDER_BLOCK - 1 - (blk_x_max - cols + 1)
                        : PATHFINDER_BLOCK - 1;
  int w = rodinia_max (tx - 1, valid_x_min);
  int e = rodinia_min (tx + 1, valid_x_max);
  int valid = in_range (tx, valid_x_min, valid_x_max);

  if (in_range (x, 0, cols - 1))
    prev[tx] = src[x];
  SYNCTHREADS ();
  int computed = 0;
  for (int i = 0; i < iteration; i++)
    {
      computed = 0;
      if (in_range (tx, i + 1, PATHFINDER_BLOCK - i - 2) && valid)
        {
          computed = 1;
          int shortest
              = rodinia_min (rodinia_min (prev[w], prev[tx]), prev[e]);
          result[tx] = shortest + wall[cols * (start_step + i) + x];
        }
      SYNCTHREADS ();
      if (i == iteration - 1)
        break;
      if (computed)
        prev[tx] = result[tx];
      SYNCTHREADS ();
    }
  if (computed)
    results[x] = result[tx];
}
