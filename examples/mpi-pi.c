/* SPDX-License-Identifier: MIT */
/* Seed 003's compute_pi spread over the processes of an MPI program: each
   rank takes the GPU of its node-local rank, draws its share of the points
   from xoroshiro128+ states that continue those of the ranks before it,
   and MPI_Reduce adds up the points inside the quarter circle.  Rank 0
   then draws all the points itself, as one process would, and checks
   that the counts agree exactly.

   Build and run, with Open MPI:
     gcc -fplugin=cudajit mpi-pi.c $(mpicc --showme:compile) \
       $(mpicc --showme:link) -lcudajit -o mpi-pi
     mpirun -np 4 ./mpi-pi  */

#include <cudajit.h>
#include <cudajit-random.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
count_inside (cuda_xoroshiro128p_state_t *rng_states, int iterations,
              int *inside)
{
  long tid = cuda_grid_x ();
  int count = 0;
  for (int i = 0; i < iterations; i++)
    {
      float x = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      float y = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      if (x * x + y * y <= 1.0f)
        count++;
    }
  inside[tid] = count;
}

enum
{
  block_size = 64,
  seed = 1,
  iterations = 10000
};

/* The points inside the quarter circle that BLOCKS blocks of threads draw,
   from the states that start FIRST_STATE states into the sequence.  */
static long long
draw (int blocks, unsigned long long first_state)
{
  int states = blocks * block_size;
  cuda_xoroshiro128p_state_t *rng_states = cuda_create_xoroshiro128p_states (
      states, seed, .subsequence_start = first_state);
  int *inside = cuda_device_array (states * sizeof (int));
  int *host = malloc (states * sizeof (int));
  long long total = 0;

  if (!host)
    {
      perror ("mpi-pi");
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  cuda_launch (count_inside, blocks, block_size) (rng_states, iterations,
                                                  inside);
  cuda_copy_to_host (host, inside, states * sizeof (int));
  for (int i = 0; i < states; i++)
    total += host[i];
  free (host);
  cuda_free (inside);
  cuda_free (rng_states);
  return total;
}

int
main (int argc, char **argv)
{
  int rank, ranks;
  /* Blocks per rank.  */
  int blocks = argc > 1 ? atoi (argv[1]) : 12;

  /* Before MPI_Init, as MPI libraries that are aware of CUDA want it.  */
  int device = cuda_select_device_for_local_rank ();
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);

  long long mine
      = draw (blocks, (unsigned long long) rank * blocks * block_size);
  long long total = 0;
  MPI_Reduce (&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  printf ("rank %d of %d: GPU %d, %lld of %lld points inside\n", rank, ranks,
          device, mine, (long long) blocks * block_size * iterations);

  int ok = 1;
  if (rank == 0)
    {
      long long points = (long long) ranks * blocks * block_size * iterations;
      double pi = 4.0 * total / points;
      long long serial = draw (ranks * blocks, 0);
      ok = serial == total && fabs (pi - M_PI) < 0.01;
      printf ("pi: %.6f from %lld points over %d rank%s; one process "
              "counts %lld inside, the ranks %lld: mpi-pi: %s\n",
              pi, points, ranks, ranks == 1 ? "" : "s", serial, total,
              ok ? "ok" : "FAILED");
    }
  MPI_Bcast (&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize ();
  return !ok;
}
