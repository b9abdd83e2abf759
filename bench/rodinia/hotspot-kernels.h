/* SPDX-License-Identifier: MIT */
/* Hotspot's kernel: the temperature of a chip's grid of cells, from
   their power and their neighbours, ITERATION time steps a launch.  Each
   block loads a HOTSPOT_BLOCK square of cells into shared memory and
   steps it ITERATION times, its border shrinking by one cell a step (the
   pyramid), so that it writes the inner cells that depend only on what
   it loaded.  The grid's edges take their own temperature for the
   missing neighbours.  */

#define HOTSPOT_BLOCK 16
#define HOTSPOT_AMBIENT 80.0f

KERNEL
hotspot_step (int iteration, const float *power, const float *temp_src,
              float *temp_dst, int grid_cols, int grid_rows, int border_cols,
              int border_rows, float cap, float rx, float ry, float rz,
              float step)
{
  SHARED float temp_on[HOTSPOT_BLOCK][HOTSPOT_BLOCK];
  SHARED float power_on[HOTSPOT_BLOCK][HOTSPOT_BLOCK];
  SHARED float temp_t[HOTSPOT_BLOCK][HOTSPOT_BLOCK];
  float step_div_cap = step / cap;
  float rx1 = 1 / rx, ry1 = 1 / ry, rz1 = 1 / rz;
  int tx = threadIdx.x, ty = threadIdx.y;

  /* The block's square, in the grid, before the pyramid shrinks it.  */
  int small_rows = HOTSPOT_BLOCK - iteration * 2;
  int small_cols = HOTSPOT_BLOCK - iteration * 2;
  int blk_y = small_rows * (int) blockIdx.y - border_rows;
  int blk_x = small_cols * (int) blockIdx.x - border_cols;
  int blk_y_max = blk_y + HOTSPOT_BLOCK - 1;
  int blk_x_max = blk_x + HOTSPOT_BLOCK - 1;
  int y = blk_y + ty, x = blk_x + tx;
  int index = grid_cols * y + x;

  if (in_range (y, 0, grid_rows - 1) && in_range (x, 0, grid_cols - 1))
    {
      temp_on[ty][tx] = temp_src[index];
      power_on[ty][tx] = power[index];
    }
  SYNCTHREADS ();

  /* The part of the square inside the grid, and each thread's
     neighbours, clamped to it.  */
  int valid_y_min = blk_y < 0 ? -blk_y : 0;
  int valid_y_max = blk_y_max > grid_rows - 1
                        ? HOTSPOT_BLOCK - 1 - (blk_y_max - grid_rows + 1)
                        : HOTSPOT_BLOCK - 1;
  int valid_x_min = blk_x < 0 ? -blk_x : 0;
  int valid_x_max = blk_x_max > grid_cols - 1
                        ? HOTSPOT_BLOCK - 1 - (blk_x_max - grid_cols + 1)
                        : HOTSPOT_BLOCK - 1;
  int n = rodinia_max (ty - 1, valid_y_min);
  int s = rodinia_min (ty + 1, valid_y_max);
  int w = rodinia_max (tx - 1, valid_x_min);
  int e = rodinia_min (tx + 1, valid_x_max);

  int computed = 0;
  for (int i = 0; i < iteration; i++)
    {
      computed = 0;
      if (in_range (tx, i + 1, HOTSPOT_BLOCK - i - 2)
          && in_range (ty, i + 1, HOTSPOT_BLOCK - i - 2)
          && in_range (tx, valid_x_min, valid_x_max)
          && in_range (ty, valid_y_min, valid_y_max))
        {
          float t = temp_on[ty][tx];
          computed = 1;
          temp_t[ty][tx]
              = t
                + step_div_cap
                      * (power_on[ty][tx]
                         + (temp_on[s][tx] + temp_on[n][tx] - 2.0f * t) * ry1
                         + (temp_on[ty][e] + temp_on[ty][w] - 2.0f * t) * rx1
                         + (HOTSPOT_AMBIENT - t) * rz1);
        }
      SYNCTHREADS ();
      if (i == iteration - 1)
        break;
      if (computed)
        temp_on[ty][tx] = temp_t[ty][tx];
      SYNCTHREADS ();
    }
  if (computed)
    temp_dst[index] = temp_t[ty][tx];
}
