/* SPDX-License-Identifier: MIT */
/* Nearest neighbour's kernel: the distance of each record's location
   from a point, a thread a record; the host then picks the nearest.  */

#define NN_BLOCK 256

struct latlong
{
  float lat, lng;
};

KERNEL
nn_euclid (const struct latlong *locations, float *distances, int records,
           float lat, float lng)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < records)
    {
      float dlat = lat - locations[i].lat, dlng = lng - locations[i].lng;
      distances[i] = sqrtf (dlat * dlat + dlng * dlng);
    }
}
