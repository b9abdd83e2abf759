/* SPDX-License-Identifier: MIT */
/* The processes of a node that an MPI launcher starts: which GPU each
   takes, and how they share the cores on the CPU backend.  MPI itself is
   not needed: launchers tell each process its rank among those of its
   node in the environment, before MPI_Init.  */

/* For sched_getaffinity.  */
#define _GNU_SOURCE

#include "internal.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

/* The variables in which launchers give the node-local rank and the
   number of processes on the node.  */
static const struct
{
  const char *rank;
  const char *size;
} launcher_variables[] = {
  /* Open MPI's mpirun.  */
  { "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE" },
  /* MPICH's Hydra, and Intel MPI.  */
  { "MPI_LOCALRANKID", "MPI_LOCALNRANKS" },
  /* MVAPICH2.  */
  { "MV2_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_SIZE" },
  /* Slurm's srun.  */
  { "SLURM_LOCALID", "SLURM_NTASKS_PER_NODE" },
};

/* The value of VARIABLE if it is a number from MINIMUM, else -1.  */
static int
number_in (const char *variable, int minimum)
{
  const char *value = variable ? getenv (variable) : NULL;
  char *end;
  long n;

  if (!value || !*value)
    return -1;
  n = strtol (value, &end, 10);
  return *end || n < minimum || n > INT_MAX ? -1 : (int) n;
}

int
cudajit_local_rank (int *size)
{
  for (size_t i = 0;
       i < sizeof launcher_variables / sizeof *launcher_variables; i++)
    {
      int rank = number_in (launcher_variables[i].rank, 0);
      if (rank >= 0)
        {
          int n = number_in (launcher_variables[i].size, 1);
          *size = n > rank ? n : rank + 1;
          return rank;
        }
    }
  *size = 1;
  return -1;
}

int
cuda_select_device_for_local_rank (void)
{
  int size, rank = cudajit_local_rank (&size);
  int count = cuda_device_count ();
  int device;

  if (count == 0)
    return 0;
  /* Ranks beyond the GPUs share them, round robin.  */
  device = rank < 0 ? 0 : rank % count;
  cuda_select_device (device);
  cudajit_verbose ("local rank %d of %d: GPU %d of %d", rank < 0 ? 0 : rank,
                   size, device, count);
  return device;
}

long
cudajit_cpu_share (int *processes)
{
  long online = sysconf (_SC_NPROCESSORS_ONLN);
  long cores = online;
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    cores = CPU_COUNT (&set);
  cudajit_local_rank (processes);
  /* A launcher that binds each process to its cores has shared them
     already; one that does not leaves the sharing to us.  */
  if (*processes > 1 && cores > online / *processes)
    cores = online / *processes;
  return cores < 1 ? 1 : cores;
}

long
cudajit_default_cpu_threads (void)
{
  int processes;
  long cores = cudajit_cpu_share (&processes);

  cudajit_verbose ("CPU backend: %ld thread%s (%d process%s on this node)",
                   cores, cores == 1 ? "" : "s", processes,
                   processes == 1 ? "" : "es");
  return cores;
}
