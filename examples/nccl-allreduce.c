/* SPDX-License-Identifier: MIT */
/* NCCL on cudajit's memory and streams: each GPU of the machine fills an
   array with a cudajit kernel, and NCCL adds them up across the GPUs,
   leaving the sum in every GPU's array; then each GPU checks its array
   with another kernel.  One process drives all the GPUs, which needs
   ncclGroupStart around the calls; with MPI, each rank would drive one.
   On one GPU, NCCL's sum is the GPU's own array.  NCCL needs GPUs: on
   the CPU backend the example is skipped.

   Build: gcc -fplugin=cudajit nccl-allreduce.c -I/usr/local/cuda/include
     -lcudajit -lnccl  */

#include <cudajit.h>
#include <nccl.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  most_gpus = 64,
  block_size = 256,
  /* What make check and Automake take for a test that cannot run.  */
  exit_skipped = 77
};

/* GPU RANK's part: element i is (RANK + 1) * (i % 1000).  */
__attribute__ ((cuda_jit)) void
fill (long n, float *x, int rank)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = (rank + 1) * (float) (i % 1000);
}

/* Count in *WRONG the elements of X that are not the sum of what GPUS
   GPUs filled in; small integers, which floats add exactly.  */
__attribute__ ((cuda_jit)) void
check_sum (long n, const float *x, int gpus, int *wrong)
{
  long i = cuda_grid_x ();
  if (i < n && x[i] != gpus * (gpus + 1) / 2 * (float) (i % 1000))
    cuda_atomic_add (wrong, 1);
}

#define NCCL_CHECK(call)                                                      \
  do                                                                          \
    {                                                                         \
      ncclResult_t result_ = (call);                                          \
      if (result_ != ncclSuccess)                                             \
        {                                                                     \
          fprintf (stderr, "nccl-allreduce: %s: %s\n", #call,                 \
                   ncclGetErrorString (result_));                             \
          exit (1);                                                           \
        }                                                                     \
    }                                                                         \
  while (0)

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1 << 24;
  int gpus = cuda_device_count ();
  long blocks = (n + block_size - 1) / block_size;
  int devices[most_gpus];
  ncclComm_t comms[most_gpus];
  cuda_stream_t streams[most_gpus];
  float *x[most_gpus];
  int *wrong[most_gpus];

  if (gpus == 0)
    {
      printf ("nccl-allreduce: NCCL needs a GPU; skipped on the CPU "
              "backend\n");
      return exit_skipped;
    }
  if (gpus > most_gpus)
    gpus = most_gpus;
  for (int g = 0; g < gpus; g++)
    {
      devices[g] = g;
      cuda_select_device (g);
      streams[g] = cuda_stream ();
      x[g] = cuda_device_array (n * sizeof (float));
      wrong[g] = cuda_to_device (&(int){ 0 }, sizeof (int));
      cuda_launch (fill, blocks, block_size, 0, streams[g]) (n, x[g], g);
    }
  NCCL_CHECK (ncclCommInitAll (comms, gpus, devices));

  NCCL_CHECK (ncclGroupStart ());
  for (int g = 0; g < gpus; g++)
    NCCL_CHECK (ncclAllReduce (x[g], x[g], n, ncclFloat, ncclSum, comms[g],
                               streams[g]));
  NCCL_CHECK (ncclGroupEnd ());

  int total_wrong = 0;
  for (int g = 0; g < gpus; g++)
    {
      int w;
      cuda_select_device (g);
      cuda_launch (check_sum, blocks, block_size, 0,
                   streams[g]) (n, x[g], gpus, wrong[g]);
      cuda_stream_synchronize (streams[g]);
      cuda_copy_to_host (&w, wrong[g], sizeof w);
      total_wrong += w;
      ncclCommDestroy (comms[g]);
      cuda_stream_destroy (streams[g]);
      cuda_free (x[g]);
      cuda_free (wrong[g]);
    }
  int version;
  NCCL_CHECK (ncclGetVersion (&version));
  printf ("NCCL %d summed %ld floats over %d GPU%s; %d wrong: "
          "nccl-allreduce: %s\n",
          version, n, gpus, gpus == 1 ? "" : "s", total_wrong,
          total_wrong ? "FAILED" : "ok");
  return total_wrong != 0;
}
