/* SPDX-License-Identifier: MIT */
/* The heat equation on a rod, spread over the processes of an MPI
   program: each rank keeps its stretch of the rod in GPU memory, with one
   ghost cell at each end that holds its neighbour's edge, and steps it
   with a Jacobi kernel.  Each step's interior points need no ghost cell:
   their kernel runs on one stream while neighbours swap their edges and
   the two edge points are computed on another.  An MPI library that is
   aware of CUDA (Open MPI's MPIX_Query_cuda_support) takes the GPU's
   memory directly; otherwise the edges go through pinned host memory.
   On the CPU backend, device memory is host memory and goes directly.  Rank 0
   gathers the rod and checks it against the same steps in plain C.

   mpi-heat [POINTS-PER-RANK [STEPS]]: a weak-scaling run keeps POINTS-PER-
   RANK and adds ranks, a strong-scaling one divides the same rod among
   them; rank 0 prints the time per step, the first step's apart.  */

#include <cudajit.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined OPEN_MPI && OPEN_MPI
#include <mpi-ext.h>
#endif

/* The diffusion number, alpha dt / dx^2, at most 1/2 for stability.  */
static const double diffusion = 0.25;

enum
{
  block_size = 256
};

/* One Jacobi step of point I of U into NEXT.  */
static void
jacobi (const double *u, double *next, long i, double r)
{
  next[i] = u[i] + r * (u[i - 1] - 2 * u[i] + u[i + 1]);
}

/* The step of the interior points 2 ... N - 1 of U, N points with ghost
   cells at 0 and N + 1, into NEXT: they read no ghost cell.  */
__attribute__ ((cuda_jit)) void
heat_interior (long n, const double u[n + 2], double next[n + 2], double r)
{
  long i = cuda_grid_x () + 2;
  if (i < n)
    jacobi (u, next, i, r);
}

/* The step of the edge points 1 and N, once the ghost cells hold the
   neighbours' edges.  */
__attribute__ ((cuda_jit)) void
heat_edges (long n, const double u[n + 2], double next[n + 2], double r)
{
  if (threadIdx.x < 2)
    jacobi (u, next, threadIdx.x == 0 ? 1 : n, r);
}

/* The rod at the start: a hump of sin^2 that the cold ends draw heat
   from.  */
static double
initial (long i, long points)
{
  double s = sin (M_PI * (i + 1) / (points + 1));
  return s * s;
}

/* Whether the MPI library reads and writes GPU memory itself.  */
static int
mpi_reaches_gpu (void)
{
#if defined MPIX_CUDA_AWARE_SUPPORT && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support ();
#else
  return 0;
#endif
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Swap the edges of U, N points with ghost cells, with ranks LEFT and
   RIGHT (MPI_PROC_NULL at the ends of the rod, whose ghost cells stay 0),
   directly from the GPU's memory if DIRECT, else through PINNED, 4
   doubles of pinned host memory, with copies on STREAM.  */
static void
exchange_edges (double *u, long n, int left, int right, int direct,
                cuda_stream_t stream, double *pinned)
{
  if (direct)
    {
      MPI_Sendrecv (&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE,
                    right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Sendrecv (&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left,
                    1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return;
    }
  double *edges = pinned, *ghosts = pinned + 2;
  cuda_copy_to_host_async (&edges[0], &u[1], sizeof (double), stream);
  cuda_copy_to_host_async (&edges[1], &u[n], sizeof (double), stream);
  cuda_stream_synchronize (stream);
  MPI_Sendrecv (&edges[0], 1, MPI_DOUBLE, left, 0, &ghosts[1], 1, MPI_DOUBLE,
                right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv (&edges[1], 1, MPI_DOUBLE, right, 1, &ghosts[0], 1, MPI_DOUBLE,
                left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (left != MPI_PROC_NULL)
    cuda_copy_to_device_async (&u[0], &ghosts[0], sizeof (double), stream);
  if (right != MPI_PROC_NULL)
    cuda_copy_to_device_async (&u[n + 1], &ghosts[1], sizeof (double), stream);
}

/* The largest difference between the POINTS points of ROD and the same
   STEPS computed here in plain C.  */
static double
serial_difference (const double *rod, long points, int steps)
{
  double *u = calloc (points + 2, sizeof (double));
  double *next = calloc (points + 2, sizeof (double));
  double largest = 0;

  if (!u || !next)
    {
      perror ("mpi-heat");
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  for (long i = 0; i < points; i++)
    u[i + 1] = initial (i, points);
  for (int s = 0; s < steps; s++)
    {
      for (long i = 1; i <= points; i++)
        next[i] = u[i] + diffusion * (u[i - 1] - 2 * u[i] + u[i + 1]);
      double *t = u;
      u = next;
      next = t;
    }
  for (long i = 0; i < points; i++)
    largest = fmax (largest, fabs (rod[i] - u[i + 1]));
  free (u);
  free (next);
  return largest;
}

int
main (int argc, char **argv)
{
  int rank, ranks;
  long n = argc > 1 ? atol (argv[1]) : 100000;
  int steps = argc > 2 ? atoi (argv[2]) : 500;

  cuda_select_device_for_local_rank ();
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
  int direct = !cuda_is_available () || mpi_reaches_gpu ();
  long points = n * ranks;
  size_t bytes = (n + 2) * sizeof (double);

  double *host = calloc (n + 2, sizeof (double));
  if (!host)
    {
      perror ("mpi-heat");
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  for (long i = 0; i < n; i++)
    host[i + 1] = initial (rank * n + i, points);
  double *u = cuda_to_device (host, bytes);
  double *next = cuda_to_device (host, bytes);
  cuda_stream_t interior = cuda_stream (), edges = cuda_stream ();
  double *pinned = cuda_pinned_array (4 * sizeof (double));
  long interior_blocks = (n + block_size - 1) / block_size;

  /* The first step compiles the kernel, so the clock starts after it.  */
  double start = 0;
  for (int s = 0; s < steps; s++)
    {
      if (s == 1)
        {
          cuda_synchronize ();
          MPI_Barrier (MPI_COMM_WORLD);
          start = now_ms ();
        }
      /* Both streams have finished the step before: the interior's
         kernel reads its edges, and the edges' kernel its interior.  */
      cuda_launch (heat_interior, interior_blocks, block_size,
                   .stream = interior) (n, u, next, diffusion);
      exchange_edges (u, n, left, right, direct, edges, pinned);
      cuda_launch (heat_edges, 1, 2, .stream = edges) (n, u, next, diffusion);
      cuda_stream_synchronize (edges);
      cuda_stream_synchronize (interior);
      double *t = u;
      u = next;
      next = t;
    }
  cuda_synchronize ();
  MPI_Barrier (MPI_COMM_WORLD);
  double ms = steps > 1 ? now_ms () - start : 0;

  cuda_copy_to_host (host, u, bytes);
  double *rod = rank == 0 ? malloc (points * sizeof (double)) : NULL;
  if (rank == 0 && !rod)
    {
      perror ("mpi-heat");
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  MPI_Gather (&host[1], n, MPI_DOUBLE, rod, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int ok = 1;
  if (rank == 0)
    {
      double difference = serial_difference (rod, points, steps);
      /* The GPU may fuse the multiply and add, which C here does not.  */
      ok = difference < 1e-12;
      printf ("heat: %d rank%s of %ld points, %d steps, edges %s: %.4f ms "
              "per step; largest difference from plain C %.1e: mpi-heat: "
              "%s\n",
              ranks, ranks == 1 ? "" : "s", n, steps,
              direct ? "passed directly" : "through the host",
              steps > 1 ? ms / (steps - 1) : 0, difference,
              ok ? "ok" : "FAILED");
    }
  MPI_Bcast (&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free (rod);
  free (host);
  cuda_free (u);
  cuda_free (next);
  cuda_free_pinned (pinned);
  cuda_stream_destroy (interior);
  cuda_stream_destroy (edges);
  MPI_Finalize ();
  return !ok;
}
