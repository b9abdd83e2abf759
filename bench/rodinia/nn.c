/* SPDX-License-Identifier: MIT */
/* Nearest neighbour (Rodinia's nn): the K records nearest to a point
   among RECORDS hurricane locations (nn-kernels.h), here random ones.

     nn [RECORDS [K [LAT [LNG]]]]   (5242880, 10, 30, 90)

   Each distance is checked against the host's, and the K nearest that
   the host picks from them.  */

#include "rodinia.h"

#include "nn-kernels.h"

static const char usage[] = "[RECORDS [K [LAT [LNG]]]]";

static const double TOLERANCE = 1e-5;
/* The hurricanes' latitudes and longitudes, as Rodinia's generator's.  */
static const float LAT_MIN = 7.0f, LAT_MAX = 63.0f;
static const float LNG_MIN = 15.0f, LNG_MAX = 165.0f;

struct nn
{
  int records, k;
  float lat, lng;
  struct latlong *locations, *d_locations;
  float *d_distances;
};

static void
run (void *data)
{
  struct nn *n = (struct nn *) data;
  LAUNCH (nn_euclid, (n->records + NN_BLOCK - 1) / NN_BLOCK, NN_BLOCK)
  (n->d_locations, n->d_distances, n->records, n->lat, n->lng);
}

/* The indices of the K smallest of the COUNT DISTANCES into NEAREST,
   nearest first, as Rodinia's host does: one pass, keeping them
   sorted.  */
static void
nearest_k (const float *distances, int count, int k, int *nearest)
{
  int found = 0;
  for (int i = 0; i < count; i++)
    {
      if (found == k && distances[i] >= distances[nearest[k - 1]])
        continue;
      int j = found < k ? found++ : k - 1;
      for (; j > 0 && distances[nearest[j - 1]] > distances[i]; j--)
        nearest[j] = nearest[j - 1];
      nearest[j] = i;
    }
}

int
main (int argc, char **argv)
{
  struct nn n;
  n.records = int_argument (argc, argv, 1, 5242880, 1, usage);
  n.k = int_argument (argc, argv, 2, 10, 1, usage);
  n.lat = float_argument (argc, argv, 3, 30.0f, usage);
  n.lng = float_argument (argc, argv, 4, 90.0f, usage);
  n.k = rodinia_min (n.k, n.records);
  size_t bytes = (size_t) n.records * sizeof (struct latlong);
  n.locations = (struct latlong *) host_alloc (bytes);
  for (int i = 0; i < n.records; i++)
    {
      n.locations[i].lat = random_between (LAT_MIN, LAT_MAX);
      n.locations[i].lng = random_between (LNG_MIN, LNG_MAX);
    }
  n.d_locations = (struct latlong *) device_alloc (bytes);
  n.d_distances = (float *) device_alloc ((size_t) n.records * sizeof (float));
  to_device (n.d_locations, n.locations, bytes);

  time_runs ("nn", NULL, run, &n);

  float *got = (float *) host_alloc ((size_t) n.records * sizeof (float));
  float *want = (float *) host_alloc ((size_t) n.records * sizeof (float));
  to_host (got, n.d_distances, (size_t) n.records * sizeof (float));
  long mismatches = 0;
  double worst = 0;
  for (int i = 0; i < n.records; i++)
    {
      float dlat = n.lat - n.locations[i].lat;
      float dlng = n.lng - n.locations[i].lng;
      want[i] = sqrtf (dlat * dlat + dlng * dlng);
      double error = fabs ((double) got[i] - want[i]) / (1.0 + want[i]);
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  int *got_nearest = (int *) host_alloc (n.k * sizeof (int));
  int *want_nearest = (int *) host_alloc (n.k * sizeof (int));
  nearest_k (got, n.records, n.k, got_nearest);
  nearest_k (want, n.records, n.k, want_nearest);
  for (int i = 0; i < n.k; i++)
    mismatches += fabsf (want[got_nearest[i]] - want[want_nearest[i]])
                  > TOLERANCE * (1.0 + want[want_nearest[i]]);
  printf ("nn: nearest record %d, at %g\n", got_nearest[0],
          got[got_nearest[0]]);
  device_free (n.d_locations);
  device_free (n.d_distances);
  free (got);
  free (want);
  free (got_nearest);
  free (want_nearest);
  free (n.locations);
  return verdict ("nn", mismatches, worst);
}
