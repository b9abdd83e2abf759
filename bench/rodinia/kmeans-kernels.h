/* SPDX-License-Identifier: MIT */
/* K-means' kernels, an iteration a pair of launches: kmeans_assign gives
   each point (a thread each) the nearest of the NCLUSTERS centres, as
   Rodinia's kmeansPoint does, from features stored feature by feature
   (FEATURES[f * NPOINTS + p]) so that a warp's loads are coalesced;
   kmeans_centres, which Rodinia leaves to the host, moves each centre to
   the mean of its points, a block a centre's feature (and a count),
   summing in double in a fixed order so that the result does not depend
   on the schedule.  */

#define KMEANS_BLOCK 256

KERNEL
kmeans_assign (const float *features, int npoints, int nfeatures,
               int nclusters, const float *clusters, int *membership)
{
  int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point >= npoints)
    return;
  int index = 0;
  float min_dist = 3.402823466e38f;
  for (int c = 0; c < nclusters; c++)
    {
      float dist = 0;
      for (int f = 0; f < nfeatures; f++)
        {
          float d
              = features[f * npoints + point] - clusters[c * nfeatures + f];
          dist += d * d;
        }
      if (dist < min_dist)
        {
          min_dist = dist;
          index = c;
        }
    }
  membership[point] = index;
}

/* Block (F, C): feature F of centre C, the mean of its points'.  */
KERNEL
kmeans_centres (const float *features, const int *membership, int npoints,
                int nfeatures, float *clusters)
{
  SHARED double sum[KMEANS_BLOCK];
  SHARED int count[KMEANS_BLOCK];
  int f = blockIdx.x, c = blockIdx.y, tx = threadIdx.x;
  double s = 0;
  int n = 0;

  for (int p = tx; p < npoints; p += KMEANS_BLOCK)
    if (membership[p] == c)
      {
        s += features[f * npoints + p];
        n++;
      }
  sum[tx] = s;
  count[tx] = n;
  SYNCTHREADS ();
  for (int half = KMEANS_BLOCK / 2; half > 0; half /= 2)
    {
      if (tx < half)
        {
          sum[tx] += sum[tx + half];
          count[tx] += count[tx + half];
        }
      SYNCTHREADS ();
    }
  if (tx == 0 && count[0] > 0)
    clusters[c * nfeatures + f] = (float) (sum[0] / count[0]);
}
