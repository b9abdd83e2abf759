/* SPDX-License-Identifier: MIT */
/* K-means (Rodinia's kmeans): NCLUSTERS clusters of NPOINTS points of
   NFEATURES features (Rodinia's kdd_cup input: 494020 x 34), here drawn
   around random centres; the first points are the first centres, and
   each of ITERATIONS assigns the points and moves the centres on the GPU
   (kmeans-kernels.h).

     kmeans [NPOINTS [NFEATURES [NCLUSTERS [ITERATIONS]]]]
            (494020, 34, 5, 20)

   Checked against the same iterations on the host: the centres within
   TOLERANCE, and the points' clusters but for a few points whose
   distances to two centres tie to a float's rounding.  */

#include "rodinia.h"

#include "kmeans-kernels.h"

static const char usage[] = "[NPOINTS [NFEATURES [NCLUSTERS [ITERATIONS]]]]";

static const double TOLERANCE = 1e-3;
/* The points: around centres in [0, CENTRE_RANGE) in each feature, at
   most SPREAD away in each.  */
static const float CENTRE_RANGE = 10.0f, SPREAD = 2.0f;
/* Points in ten thousand that may land in another cluster.  */
enum
{
  TIES_PER_10000 = 1
};

struct kmeans
{
  int npoints, nfeatures, nclusters, iterations;
  float *features, *d_features, *d_clusters;
  int *d_membership;
};

/* The first centres: the first points.  */
static void
first_centres (const struct kmeans *k, float *clusters)
{
  for (int c = 0; c < k->nclusters; c++)
    for (int f = 0; f < k->nfeatures; f++)
      clusters[c * k->nfeatures + f]
          = k->features[(size_t) f * k->npoints + c];
}

static void
setup (void *data)
{
  struct kmeans *k = (struct kmeans *) data;
  size_t bytes = (size_t) k->nclusters * k->nfeatures * sizeof (float);
  float *clusters = (float *) host_alloc (bytes);
  first_centres (k, clusters);
  to_device (k->d_clusters, clusters, bytes);
  free (clusters);
}

static void
run (void *data)
{
  struct kmeans *k = (struct kmeans *) data;
  int blocks = (k->npoints + KMEANS_BLOCK - 1) / KMEANS_BLOCK;

  for (int i = 0; i < k->iterations; i++)
    {
      LAUNCH (kmeans_assign, blocks, KMEANS_BLOCK)
      (k->d_features, k->npoints, k->nfeatures, k->nclusters, k->d_clusters,
       k->d_membership);
      LAUNCH (kmeans_centres, DIM3 (k->nfeatures, k->nclusters), KMEANS_BLOCK)
      (k->d_features, k->d_membership, k->npoints, k->nfeatures,
       k->d_clusters);
    }
}

/* The same iterations on the host, into CLUSTERS and MEMBERSHIP.  */
static void
reference (const struct kmeans *k, float *clusters, int *membership)
{
  int np = k->npoints, nf = k->nfeatures, nc = k->nclusters;
  double *sum = (double *) host_alloc ((size_t) nc * nf * sizeof *sum);
  int *count = (int *) host_alloc (nc * sizeof *count);

  first_centres (k, clusters);
  for (int i = 0; i < k->iterations; i++)
    {
      memset (sum, 0, (size_t) nc * nf * sizeof *sum);
      memset (count, 0, nc * sizeof *count);
      for (int p = 0; p < np; p++)
        {
          int index = 0;
          float min_dist = 3.402823466e38f;
          for (int c = 0; c < nc; c++)
            {
              float dist = 0;
              for (int f = 0; f < nf; f++)
                {
                  float d = k->features[(size_t) f * np + p]
                            - clusters[c * nf + f];
                  dist += d * d;
                }
              if (dist < min_dist)
                {
                  min_dist = dist;
                  index = c;
                }
            }
          membership[p] = index;
          count[index]++;
          for (int f = 0; f < nf; f++)
            sum[index * nf + f] += k->features[(size_t) f * np + p];
        }
      for (int c = 0; c < nc; c++)
        if (count[c])
          for (int f = 0; f < nf; f++)
            clusters[c * nf + f] = (float) (sum[c * nf + f] / count[c]);
    }
  free (sum);
  free (count);
}

int
main (int argc, char **argv)
{
  struct kmeans k;
  k.npoints = int_argument (argc, argv, 1, 494020, 1, usage);
  k.nfeatures = int_argument (argc, argv, 2, 34, 1, usage);
  k.nclusters = int_argument (argc, argv, 3, 5, 1, usage);
  k.iterations = int_argument (argc, argv, 4, 20, 1, usage);
  if (k.nclusters > k.npoints)
    {
      fprintf (stderr, "kmeans: %d clusters of %d points\n", k.nclusters,
               k.npoints);
      return 2;
    }
  size_t values = (size_t) k.npoints * k.nfeatures;
  size_t centre_bytes = (size_t) k.nclusters * k.nfeatures * sizeof (float);
  float *centres = (float *) host_alloc (centre_bytes);
  for (size_t i = 0; i < (size_t) k.nclusters * k.nfeatures; i++)
    centres[i] = random_between (0.0f, CENTRE_RANGE);
  k.features = (float *) host_alloc (values * sizeof (float));
  for (int p = 0; p < k.npoints; p++)
    {
      int c = (int) (random_u32 () % k.nclusters);
      for (int f = 0; f < k.nfeatures; f++)
        k.features[(size_t) f * k.npoints + p]
            = centres[c * k.nfeatures + f] + random_between (-SPREAD, SPREAD);
    }
  k.d_features = (float *) device_alloc (values * sizeof (float));
  k.d_clusters = (float *) device_alloc (centre_bytes);
  k.d_membership = (int *) device_alloc ((size_t) k.npoints * sizeof (int));
  to_device (k.d_features, k.features, values * sizeof (float));

  time_runs ("kmeans", setup, run, &k);

  float *got = (float *) host_alloc (centre_bytes);
  int *got_membership = (int *) host_alloc (k.npoints * sizeof (int));
  int *want_membership = (int *) host_alloc (k.npoints * sizeof (int));
  to_host (got, k.d_clusters, centre_bytes);
  to_host (got_membership, k.d_membership, k.npoints * sizeof (int));
  reference (&k, centres, want_membership);
  long mismatches = 0, moved = 0;
  double worst = 0;
  for (int i = 0; i < k.nclusters * k.nfeatures; i++)
    {
      double error = fabs ((double) got[i] - centres[i])
                     / fmax (fabs ((double) centres[i]), 1.0);
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  for (int p = 0; p < k.npoints; p++)
    moved += got_membership[p] != want_membership[p];
  if (moved * 10000L > (long) TIES_PER_10000 * k.npoints)
    mismatches += moved;
  printf ("kmeans: %ld of %d points in another cluster than the host's\n",
          moved, k.npoints);
  device_free (k.d_features);
  device_free (k.d_clusters);
  device_free (k.d_membership);
  free (got);
  free (got_membership);
  free (want_membership);
  free (centres);
  free (k.features);
  return verdict ("kmeans", mismatches, worst);
}
