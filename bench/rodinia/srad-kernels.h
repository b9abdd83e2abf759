/* SPDX-License-Identifier: MIT */
/* SRAD's kernels (Rodinia's srad_v2): speckle-reducing anisotropic
   diffusion of an image J of ROWS x COLS.  Each step, the statistics of
   a region of interest give q0sqr (srad_roi_sums and srad_q0sqr, which
   Rodinia computes on the host); srad_coefficients computes each pixel's
   differences to its four neighbours and its diffusion coefficient,
   srad_update moves J along them.  Blocks of SRAD_BLOCK x SRAD_BLOCK
   threads load their tile and its halo into shared memory; the image's
   edges take their own values for the missing neighbours.  */

#define SRAD_BLOCK 16
#define SRAD_REDUCE_BLOCK 256

/* Each block's sums of J and J squared over the ROI's pixels (rows R1 to
   R2, columns C1 to C2), into PARTIAL[2 * block] and the next.  */
KERNEL
srad_roi_sums (const float *j, int cols, int r1, int r2, int c1, int c2,
               double *partial)
{
  SHARED double sum[SRAD_REDUCE_BLOCK];
  SHARED double sum2[SRAD_REDUCE_BLOCK];
  int roi_cols = c2 - c1 + 1;
  int pixels = (r2 - r1 + 1) * roi_cols;
  double s = 0, s2 = 0;

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < pixels;
       i += gridDim.x * blockDim.x)
    {
      double v = j[(r1 + i / roi_cols) * cols + c1 + i % roi_cols];
      s += v;
      s2 += v * v;
    }
  sum[threadIdx.x] = s;
  sum2[threadIdx.x] = s2;
  SYNCTHREADS ();
  for (unsigned int half = blockDim.x / 2; half > 0; half /= 2)
    {
      if (threadIdx.x < half)
        {
          sum[threadIdx.x] += sum[threadIdx.x + half];
          sum2[threadIdx.x] += sum2[threadIdx.x + half];
        }
      SYNCTHREADS ();
    }
  if (threadIdx.x == 0)
    {
      partial[2 * blockIdx.x] = sum[0];
      partial[2 * blockIdx.x + 1] = sum2[0];
    }
}

/* One thread: q0sqr, the ROI's variance over its squared mean, from the
   BLOCKS partial sums of its PIXELS.  */
KERNEL
srad_q0sqr (const double *partial, int blocks, int pixels, float *q0sqr)
{
  double s = 0, s2 = 0;
  for (int b = 0; b < blocks; b++)
    {
      s += partial[2 * b];
      s2 += partial[2 * b + 1];
    }
  double mean = s / pixels;
  double var = s2 / pixels - mean * mean;
  *q0sqr = (float) (var / (mean * mean));
}

DEVICE int
clamp_index (int i, int n)
{
  return rodinia_min (rodinia_max (i, 0), n - 1);
}

/* TILE, with a cell of halo on each side, from IMAGE, clamped at its
   edges.  */
DEVICE void
load_tile (float tile[SRAD_BLOCK + 2][SRAD_BLOCK + 2], const float *image,
           int rows, int cols)
{
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * SRAD_BLOCK + ty, col = blockIdx.x * SRAD_BLOCK + tx;
  int r = clamp_index (row, rows), c = clamp_index (col, cols);

  tile[ty + 1][tx + 1] = image[r * cols + c];
  if (ty == 0)
    tile[0][tx + 1] = image[clamp_index (row - 1, rows) * cols + c];
  if (ty == SRAD_BLOCK - 1)
    tile[SRAD_BLOCK + 1][tx + 1]
        = image[clamp_index (row + 1, rows) * cols + c];
  if (tx == 0)
    tile[ty + 1][0] = image[r * cols + clamp_index (col - 1, cols)];
  if (tx == SRAD_BLOCK - 1)
    tile[ty + 1][SRAD_BLOCK + 1]
        = image[r * cols + clamp_index (col + 1, cols)];
}

KERNEL
srad_coefficients (const float *j, float *d_n, float *d_s, float *d_w,
                   float *d_e, float *c, int cols, int rows,
                   const float *q0sqr_p)
{
  SHARED float tile[SRAD_BLOCK + 2][SRAD_BLOCK + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * SRAD_BLOCK + ty, col = blockIdx.x * SRAD_BLOCK + tx;
  float q0sqr = *q0sqr_p;

  load_tile (tile, j, rows, cols);
  SYNCTHREADS ();
  if (row >= rows || col >= cols)
    return;
  int index = row * cols + col;
  float jc = tile[ty + 1][tx + 1];
  float n = tile[ty][tx + 1] - jc;
  float s = tile[ty + 2][tx + 1] - jc;
  float w = tile[ty + 1][tx] - jc;
  float e = tile[ty + 1][tx + 2] - jc;
  float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  float l = (n + s + w + e) / jc;
  float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float coefficient = 1.0f / (1.0f + den);
  d_n[index] = n;
  d_s[index] = s;
  d_w[index] = w;
  d_e[index] = e;
  c[index] = fminf (fmaxf (coefficient, 0.0f), 1.0f);
}

KERNEL
srad_update (float *j, const float *d_n, const float *d_s, const float *d_w,
             const float *d_e, const float *c, int cols, int rows,
             float lambda)
{
  SHARED float tile[SRAD_BLOCK + 2][SRAD_BLOCK + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * SRAD_BLOCK + ty, col = blockIdx.x * SRAD_BLOCK + tx;

  load_tile (tile, c, rows, cols);
  SYNCTHREADS ();
  if (row >= rows || col >= cols)
    return;
  int index = row * cols + col;
  float c_here = tile[ty + 1][tx + 1];
  float d = c_here * d_n[index] + tile[ty + 2][tx + 1] * d_s[index]
            + c_here * d_w[index] + tile[ty + 1][tx + 2] * d_e[index];
  j[index] += 0.25f * lambda * d;
}
