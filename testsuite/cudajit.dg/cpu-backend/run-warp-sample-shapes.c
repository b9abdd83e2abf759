/* Warp code as the CUDA samples and CSR libraries write it, each on the
   CPU backend's loops, not as fibers (no warning), at -O0 to -O3, and
   compared with plain C: the samples' reduce6 (a grid-stride sum, a tree
   in shared memory under tid < 128 and tid < 64, then if (tid < 32) the
   first warp's shuffles into the kernel's sum), the vector kernel of a
   sparse matrix-vector product (a warp a row, under row < rows, its
   lanes striding the row, then shuffles down), and a block's inclusive
   scan (each warp's by shuffles up, the warps' sums scanned by warp 0,
   then added).  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

#define FULL 0xffffffffu
enum
{
  BS = 256,
  N = 5000,
  ROWS = 100,
  BLOCKS = 4
};

/* cuda-samples reduce6 (fixed block size 256) */
__attribute__ ((cuda_jit)) void
reduce6 (const float *g_idata, float *g_odata, unsigned int n)
{
  static __attribute__ ((cuda_shared)) float sdata[BS];
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = BS * 2 * gridDim.x;
  unsigned int i = blockIdx.x * BS * 2 + threadIdx.x;
  float mySum = 0;
  while (i < n)
    {
      mySum += g_idata[i];
      if (i + BS < n)
        mySum += g_idata[i + BS];
      i += gridSize;
    }
  sdata[tid] = mySum;
  cuda_syncthreads ();
  if ((BS >= 256) && (tid < 128))
    sdata[tid] = mySum = mySum + sdata[tid + 128];
  cuda_syncthreads ();
  if ((BS >= 128) && (tid < 64))
    sdata[tid] = mySum = mySum + sdata[tid + 64];
  cuda_syncthreads ();
  if (tid < 32)
    {
      if (BS >= 64)
        mySum += sdata[tid + 32];
      for (int offset = 32 / 2; offset > 0; offset /= 2)
        mySum += cuda_shfl_down_sync (FULL, mySum, offset);
    }
  if (tid == 0)
    g_odata[blockIdx.x] = mySum;
}
/* CSR SpMV, a warp a row (the "vector" kernel) */
__attribute__ ((cuda_jit)) void
spmv_vector (int rows, const int *ptr, const int *idx, const float *val,
             const float *x, float *y)
{
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int warp_id = thread_id / 32;
  int lane = thread_id & 31;
  int row = warp_id;
  if (row < rows)
    {
      int row_start = ptr[row];
      int row_end = ptr[row + 1];
      float sum = 0;
      for (int jj = row_start + lane; jj < row_end; jj += 32)
        sum += val[jj] * x[idx[jj]];
      for (int offset = 16; offset > 0; offset /= 2)
        sum += cuda_shfl_down_sync (FULL, sum, offset);
      if (lane == 0)
        y[row] = sum;
    }
}
/* block scan: warp scans, then warp sums scanned by warp 0 */
__attribute__ ((cuda_jit)) void
block_scan (const int *in, int *out)
{
  static __attribute__ ((cuda_shared)) int warp_sums[BS / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int v = in[i];
  for (int d = 1; d < 32; d *= 2)
    {
      int t = cuda_shfl_up_sync (FULL, v, d);
      if (lane >= d)
        v += t;
    }
  if (lane == 31)
    warp_sums[warp] = v;
  cuda_syncthreads ();
  if (warp == 0)
    {
      int s = lane < BS / 32 ? warp_sums[lane] : 0;
      for (int d = 1; d < 32; d *= 2)
        {
          int t = cuda_shfl_up_sync (FULL, s, d);
          if (lane >= d)
            s += t;
        }
      if (lane < BS / 32)
        warp_sums[lane] = s;
    }
  cuda_syncthreads ();
  if (warp > 0)
    v += warp_sums[warp - 1];
  out[i] = v;
}

int
main (void)
{
  int wrong = 0;

  /* Whole numbers, whose float sums every order gives alike.  */
  float *x = cuda_managed_array (N * sizeof *x);
  float *sums = cuda_managed_array (BLOCKS * sizeof *sums);
  for (int i = 0; i < N; i++)
    x[i] = (float) (i % 17);
  cuda_launch (reduce6, BLOCKS, BS) (x, sums, N);
  cuda_synchronize ();
  float total = 0, want = 0;
  for (int b = 0; b < BLOCKS; b++)
    total += sums[b];
  for (int i = 0; i < N; i++)
    want += x[i];
  if (total != want)
    {
      wrong++;
      printf ("reduce6: %g, not %g\n", total, want);
    }

  int *ptr = cuda_managed_array ((ROWS + 1) * sizeof *ptr);
  int *idx = cuda_managed_array (N * sizeof *idx);
  float *val = cuda_managed_array (N * sizeof *val);
  float *y = cuda_managed_array (ROWS * sizeof *y);
  ptr[0] = 0;
  for (int r = 0; r < ROWS; r++)
    ptr[r + 1] = ptr[r] + (r * 37) % 70;
  for (int j = 0; j < ptr[ROWS]; j++)
    {
      idx[j] = (j * 7) % N;
      val[j] = (float) (j % 5);
    }
  cuda_launch (spmv_vector, (ROWS * 32 + BS - 1) / BS, BS) (ROWS, ptr, idx,
                                                            val, x, y);
  cuda_synchronize ();
  for (int r = 0; r < ROWS; r++)
    {
      float s = 0;
      for (int j = ptr[r]; j < ptr[r + 1]; j++)
        s += val[j] * x[idx[j]];
      if (y[r] != s && wrong++ < 10)
        printf ("spmv_vector: row %d: %g, not %g\n", r, y[r], s);
    }

  int *in = cuda_managed_array (BLOCKS * BS * sizeof *in);
  int *out = cuda_managed_array (BLOCKS * BS * sizeof *out);
  for (int i = 0; i < BLOCKS * BS; i++)
    in[i] = i % 11 - 5;
  cuda_launch (block_scan, BLOCKS, BS) (in, out);
  cuda_synchronize ();
  for (int b = 0; b < BLOCKS; b++)
    {
      int s = 0;
      for (int t = 0; t < BS; t++)
        {
          s += in[b * BS + t];
          if (out[b * BS + t] != s && wrong++ < 10)
            printf ("block_scan: thread %d: %d, not %d\n", b * BS + t,
                    out[b * BS + t], s);
        }
    }
  if (wrong)
    return 1;
  puts ("sample shapes ok");
  return 0;
}

/* { dg-bogus "run as fibers" "" { target *-*-* } 0 } */
/* { dg-output "sample shapes ok" } */
/* { dg-cudajit-levels all } */
