/* SPDX-License-Identifier: MIT */
/* The kernels of bench/cpu-backend.c, which includes this after the
   constants that they use (BLOCK, TILE_DIM, WARP, HEAT and the rest).  */


__attribute__ ((cuda_jit)) void
add (long n, const float *x, const float *y, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
add_stride (long n, const float *x, const float *y, float *out)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
double_in_place (long n, double *a)
{
  long i = cuda_grid_x ();
  if (i < n)
    a[i] *= 2;
}

__attribute__ ((cuda_jit)) void
gaussian (long n, const float *x, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = expf (-0.5f * x[i] * x[i]) / 2.5066282746f;
}

__attribute__ ((cuda_jit)) void
stencil (int size, const float *in, float *out)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x > 0 && y > 0 && x < size - 1 && y < size - 1)
    out[y * size + x]
        = 0.2f
          * (in[y * size + x] + in[y * size + x - 1] + in[y * size + x + 1]
             + in[(y - 1) * size + x] + in[(y + 1) * size + x]);
}

__attribute__ ((cuda_jit)) void
transpose (int size, const int *in, int *out)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < size && y < size)
    out[x * size + y] = in[y * size + x];
}

__attribute__ ((cuda_jit)) void
tile_transpose (int size, const int *in, int *out)
{
  static __attribute__ ((cuda_shared)) int tile[TILE_DIM][TILE_DIM + 1];
  long x = blockIdx.x * TILE_DIM + threadIdx.x;
  long y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * size + x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * size + x] = tile[threadIdx.x][threadIdx.y + j];
}

__attribute__ ((cuda_jit)) void
block_sum (long n, const float *x, float *partial)
{
  static __attribute__ ((cuda_shared)) float s[BLOCK];
  long i = cuda_grid_x ();
  unsigned int t = threadIdx.x;
  s[t] = i < n ? x[i] : 0;
  cuda_syncthreads ();
  for (unsigned int k = BLOCK / 2; k > 0; k /= 2)
    {
      if (t < k)
        s[t] += s[t + k];
      cuda_syncthreads ();
    }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned char *values, unsigned int *bins)
{
  long i = cuda_grid_x ();
  if (i < n)
    cuda_atomic_add (&bins[values[i]], 1u);
}

/* The same, the CUDA way: each block counts in its shared memory, then
   adds its counts to the grid's.  */
__attribute__ ((cuda_jit)) void
histogram_shared (long n, const unsigned char *values, unsigned int *bins)
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  unsigned int t = threadIdx.x;
  for (unsigned int b = t; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = t; b < BINS; b += blockDim.x)
    cuda_atomic_add (&bins[b], local[b]);
}

/* Each warp's sum, by the classic shuffle reduction.  */
__attribute__ ((cuda_jit)) void
warp_sum (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL_MASK, v, d);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

/* Each warp's inclusive scan.  */
__attribute__ ((cuda_jit)) void
warp_scan (long n, const int *in, int *out)
{
  long i = cuda_grid_x ();
  int lane = threadIdx.x % WARP;
  int v = i < n ? in[i] : 0;
  for (int d = 1; d < WARP; d *= 2)
    {
      int before = cuda_shfl_up_sync (FULL_MASK, v, d);
      if (lane >= d)
        v += before;
    }
  if (i < n)
    out[i] = v;
}

/* How many values of each warp are above the middle.  */
__attribute__ ((cuda_jit)) void
ballot_count (long n, const unsigned char *values, int *counts)
{
  long i = cuda_grid_x ();
  unsigned int above = cuda_ballot_sync (FULL_MASK, i < n && values[i] > 127);
  if (threadIdx.x % WARP == 0)
    counts[i / WARP] = __builtin_popcount (above);
}

/* The four shapes of warp code of issue 45, as real CUDA code writes
   them.  A warp's sum by shuffles down, the whole warp's in lane 0: a
   device function, as CUB's WarpReduce is.  */
static float
warp_reduce (float v)
{
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL_MASK, v, d);
  return v;
}

/* Each warp's sum by shuffles down, lane 0 chosen by cuda_laneid, then
   added to the grid's total by an atomic.  */
__attribute__ ((cuda_jit)) void
warp_atomic (long n, const float *x, double *total)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_down_sync (FULL_MASK, v, d);
  if (cuda_laneid () == 0)
    cuda_atomic_add (total, (double) v);
}

/* The xor butterfly: every lane keeps its warp's sum.  */
__attribute__ ((cuda_jit)) void
warp_butterfly (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  for (int d = WARP / 2; d > 0; d /= 2)
    v += cuda_shfl_xor_sync (FULL_MASK, v, d);
  if (i < n)
    sums[i] = v;
}

/* CUB's block reduction: each warp's sum by the device function, one
   partial per warp in shared memory, a barrier, then the first warp
   reduces the partials by the same function.  */
__attribute__ ((cuda_jit)) void
cub_block_sum (long n, const float *x, float *partial)
{
  static __attribute__ ((cuda_shared)) float warp_sums[BLOCK / WARP];
  long i = cuda_grid_x ();
  unsigned int lane = threadIdx.x % WARP, warp = threadIdx.x / WARP;
  float v = warp_reduce (i < n ? x[i] : 0);
  if (lane == 0)
    warp_sums[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      v = warp_reduce (lane < blockDim.x / WARP ? warp_sums[lane] : 0);
      if (lane == 0)
        partial[blockIdx.x] = v;
    }
}

/* Each thread's grid-stride share, then its warp's sum by the device
   function, lane 0 chosen by threadIdx.x % 32.  */
__attribute__ ((cuda_jit)) void
stride_warp_sum (long n, const float *x, float *sums)
{
  float v = 0;
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    v += x[i];
  v = warp_reduce (v);
  if (threadIdx.x % WARP == 0)
    sums[cuda_grid_x () / WARP] = v;
}

/* The block and warp collectives of issue 46 doing what the kernels above
   do by hand: cub_block_sum's block sum by cuda_block_reduce, each
   block's inclusive scan by cuda_block_scan_inclusive, warp_sum's by
   cuda_warp_reduce and warp_scan's by cuda_warp_scan_inclusive.  */
__attribute__ ((cuda_jit)) void
collective_block_sum (long n, const float *x, float *partial)
{
  long i = cuda_grid_x ();
  float v = cuda_block_reduce (i < n ? x[i] : 0, CUDA_ADD);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = v;
}

__attribute__ ((cuda_jit)) void
collective_block_scan (long n, const int *in, int *out)
{
  long i = cuda_grid_x ();
  int v = cuda_block_scan_inclusive (i < n ? in[i] : 0, CUDA_ADD);
  if (i < n)
    out[i] = v;
}

__attribute__ ((cuda_jit)) void
collective_warp_sum (long n, const float *x, float *sums)
{
  long i = cuda_grid_x ();
  float v = cuda_warp_reduce (i < n ? x[i] : 0, CUDA_ADD);
  if (threadIdx.x % WARP == 0)
    sums[i / WARP] = v;
}

__attribute__ ((cuda_jit)) void
collective_warp_scan (long n, const int *in, int *out)
{
  long i = cuda_grid_x ();
  int v = cuda_warp_scan_inclusive (i < n ? in[i] : 0, CUDA_ADD);
  if (i < n)
    out[i] = v;
}

/* A step of the heat equation on a grid, the CUDA way: 16x16 blocks,
   2-D array parameters, the global indices from the block's and the
   thread's; the edges stay as they were.  */
__attribute__ ((cuda_jit)) void
heat (int size, const float in[size][size], float out[size][size])
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < size - 1 && y < size - 1)
    out[y][x] = in[y][x]
                + HEAT_RATE
                      * (in[y][x - 1] + in[y][x + 1] + in[y - 1][x]
                         + in[y + 1][x] - 4 * in[y][x]);
}

/* The same through a shared tile of the block's cells and a halo of one
   cell around them, which the threads at the block's edges load.  */
__attribute__ ((cuda_jit)) void
heat_tiled (int size, const float in[size][size], float out[size][size])
{
  static __attribute__ ((cuda_shared)) float tile[HEAT + 2][HEAT + 2];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  tile[ty][tx] = in[y][x];
  if (threadIdx.x == 0 && x > 0)
    tile[ty][0] = in[y][x - 1];
  if (threadIdx.x == HEAT - 1 && x < size - 1)
    tile[ty][HEAT + 1] = in[y][x + 1];
  if (threadIdx.y == 0 && y > 0)
    tile[0][tx] = in[y - 1][x];
  if (threadIdx.y == HEAT - 1 && y < size - 1)
    tile[HEAT + 1][tx] = in[y + 1][x];
  cuda_syncthreads ();
  if (x > 0 && y > 0 && x < size - 1 && y < size - 1)
    out[y][x] = tile[ty][tx]
                + HEAT_RATE
                      * (tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx]
                         + tile[ty + 1][tx] - 4 * tile[ty][tx]);
}

/* The same as a tutorial writes it: the tile indexed by the thread's
   index plus one, the halo loaded by branches on the thread, the block's
   edge found from blockDim, each edge of the grid tested in a branch of
   its own.  */
__attribute__ ((cuda_jit)) void
heat_newcomer (int size, const float in[size][size], float out[size][size])
{
  static __attribute__ ((cuda_shared)) float tile[HEAT + 2][HEAT + 2];
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  tile[threadIdx.y + 1][threadIdx.x + 1] = in[row][col];
  if (threadIdx.x == 0)
    {
      if (col > 0)
        tile[threadIdx.y + 1][0] = in[row][col - 1];
    }
  else if (threadIdx.x == blockDim.x - 1)
    {
      if (col < size - 1)
        tile[threadIdx.y + 1][threadIdx.x + 2] = in[row][col + 1];
    }
  if (threadIdx.y == 0)
    {
      if (row > 0)
        tile[0][threadIdx.x + 1] = in[row - 1][col];
    }
  else if (threadIdx.y == blockDim.y - 1)
    {
      if (row < size - 1)
        tile[threadIdx.y + 2][threadIdx.x + 1] = in[row + 1][col];
    }
  cuda_syncthreads ();
  if (col > 0 && col < size - 1)
    if (row > 0 && row < size - 1)
      out[row][col] = tile[threadIdx.y + 1][threadIdx.x + 1]
                      + HEAT_RATE
                            * (tile[threadIdx.y + 1][threadIdx.x]
                               + tile[threadIdx.y + 1][threadIdx.x + 2]
                               + tile[threadIdx.y][threadIdx.x + 1]
                               + tile[threadIdx.y + 2][threadIdx.x + 1]
                               - 4 * tile[threadIdx.y + 1][threadIdx.x + 1]);
}

/* Work so small that a launch of it costs what launching costs.  */
__attribute__ ((cuda_jit)) void
tiny (int *out)
{
  long i = cuda_grid_x ();
  out[i] = i;
}
