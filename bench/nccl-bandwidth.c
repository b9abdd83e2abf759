/* SPDX-License-Identifier: MIT */
/* NCCL's all-reduce bandwidth on cudajit's arrays and streams, or, built
   with -DNCCL_BASELINE, on the CUDA runtime's (cudaMalloc, cudaStream_t):
   one process drives all the GPUs, and for each size from 1 MB to 1 GB
   (by factors of 4) prints the time of one all-reduce of floats (best of
   its runs) and, as NCCL's own tests do, the algorithm bandwidth,
   bytes / time, and the bus bandwidth, algbw * 2 (GPUs - 1) / GPUs, which
   compares with what a link carries.  Both builds run the same code
   around the calls, so that the two bandwidths compare cudajit's memory
   and streams with CUDA's own.

   Build: gcc -fplugin=cudajit nccl-bandwidth.c -I/usr/local/cuda/include
            -lcudajit -lnccl
     or:  gcc -DNCCL_BASELINE nccl-bandwidth.c -I/usr/local/cuda/include
            -L/usr/local/cuda/lib64 -lcudart -lnccl  */

#include <nccl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef NCCL_BASELINE
#include <cuda_runtime.h>
typedef cudaStream_t stream_t;
static const char implementation[] = "CUDA runtime";

static int
device_count (void)
{
  int n = 0;
  return cudaGetDeviceCount (&n) == cudaSuccess ? n : 0;
}

static void
select_device (int g)
{
  cudaSetDevice (g);
}

static stream_t
new_stream (void)
{
  cudaStream_t s;
  cudaStreamCreate (&s);
  return s;
}

static void *
device_array (size_t bytes)
{
  void *p = NULL;
  if (cudaMalloc (&p, bytes) != cudaSuccess)
    return NULL;
  cudaMemset (p, 0, bytes);
  return p;
}

static void
synchronize (stream_t s)
{
  cudaStreamSynchronize (s);
}
#else
#include <cudajit.h>
typedef cuda_stream_t stream_t;
static const char implementation[] = "cudajit";

static int
device_count (void)
{
  return cuda_device_count ();
}

static void
select_device (int g)
{
  cuda_select_device (g);
}

static stream_t
new_stream (void)
{
  return cuda_stream ();
}

static void *
device_array (size_t bytes)
{
  void *p = cuda_device_array (bytes);
  char *zeros = calloc (1, bytes);
  if (p && zeros)
    cuda_copy_to_device (p, zeros, bytes);
  free (zeros);
  return p;
}

static void
synchronize (stream_t s)
{
  cuda_stream_synchronize (s);
}
#endif

enum
{
  most_gpus = 64,
  runs = 20,
  /* What make check and Automake take for a test that cannot run.  */
  exit_skipped = 77
};

#define NCCL_CHECK(call)                                                      \
  do                                                                          \
    {                                                                         \
      ncclResult_t result_ = (call);                                          \
      if (result_ != ncclSuccess)                                             \
        {                                                                     \
          fprintf (stderr, "nccl-bandwidth: %s: %s\n", #call,                 \
                   ncclGetErrorString (result_));                             \
          exit (1);                                                           \
        }                                                                     \
    }                                                                         \
  while (0)

static double
now_seconds (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* One all-reduce of COUNT floats in place on every GPU; its seconds.  */
static double
all_reduce (int gpus, float **x, size_t count, ncclComm_t *comms,
            stream_t *streams)
{
  double start = now_seconds ();
  NCCL_CHECK (ncclGroupStart ());
  for (int g = 0; g < gpus; g++)
    NCCL_CHECK (ncclAllReduce (x[g], x[g], count, ncclFloat, ncclSum, comms[g],
                               streams[g]));
  NCCL_CHECK (ncclGroupEnd ());
  for (int g = 0; g < gpus; g++)
    {
      /* cudajit checks that a stream is used on its own GPU.  */
      select_device (g);
      synchronize (streams[g]);
    }
  return now_seconds () - start;
}

int
main (void)
{
  const size_t smallest = (size_t) 1 << 20, largest = (size_t) 1 << 30;
  int gpus = device_count ();
  int devices[most_gpus];
  ncclComm_t comms[most_gpus];
  stream_t streams[most_gpus];
  float *x[most_gpus];

  if (gpus < 1)
    {
      printf ("nccl-bandwidth: NCCL needs a GPU; skipped\n");
      return exit_skipped;
    }
  if (gpus > most_gpus)
    gpus = most_gpus;
  for (int g = 0; g < gpus; g++)
    {
      devices[g] = g;
      select_device (g);
      streams[g] = new_stream ();
      x[g] = device_array (largest);
      if (!x[g])
        {
          fprintf (stderr, "nccl-bandwidth: no %zu bytes on GPU %d\n", largest,
                   g);
          return 1;
        }
    }
  NCCL_CHECK (ncclCommInitAll (comms, gpus, devices));
  printf ("nccl-bandwidth: %s, %d GPUs, best of %d\n", implementation, gpus,
          runs);
  printf ("%12s %12s %12s %12s\n", "bytes", "time (us)", "algbw (GB/s)",
          "busbw (GB/s)");
  for (size_t bytes = smallest; bytes <= largest; bytes *= 4)
    {
      size_t count = bytes / sizeof (float);
      double best = all_reduce (gpus, x, count, comms, streams);
      for (int r = 0; r < runs; r++)
        {
          double t = all_reduce (gpus, x, count, comms, streams);
          best = t < best ? t : best;
        }
      double algbw = bytes / best / 1e9;
      printf ("%12zu %12.1f %12.2f %12.2f\n", bytes, best * 1e6, algbw,
              algbw * 2 * (gpus - 1) / gpus);
    }
  for (int g = 0; g < gpus; g++)
    ncclCommDestroy (comms[g]);
  return 0;
}
