/* SPDX-License-Identifier: MIT */
/* What the Rodinia-style programs of bench/rodinia/ share: the few
   spellings where nvcc's CUDA C++ and cudajit's C differ, so that each
   program's kernels (PROG-kernels.h) and host driver (PROG.c) are one
   source for both; PROG-nvcc.cu includes PROG.c for nvcc.  Then the host
   side's device memory, copies and event timing under one name, and the
   driver's common steps: arguments, inputs from a fixed seed, the
   untimed warm-up, the timed runs and the verdict.

   The same host code compiles as C11 and as C++, hence the casts of
   malloc's results and the lack of designated initializers.  */

#ifndef RODINIA_H
#define RODINIA_H

#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __CUDACC__
#include <cuda_runtime.h>

#define KERNEL extern "C" __global__ void
#define DEVICE static __device__ inline
#define HOST_DEVICE static __host__ __device__ inline
#define SHARED __shared__
#define SYNCTHREADS() __syncthreads ()
/* clang-format off */
#define LAUNCH(kernel, grid, block) kernel<<<grid, block>>>
/* clang-format on */
#define DIM3(x, y) dim3 (x, y)
#define IMPLEMENTATION "nvcc"
typedef cudaEvent_t rodinia_event;
#else
#include <cudajit.h>

#define KERNEL __attribute__ ((cuda_jit)) void
#define DEVICE static inline
#define HOST_DEVICE static inline
#define SHARED static __attribute__ ((cuda_shared))
#define SYNCTHREADS() cuda_syncthreads ()
#define LAUNCH(kernel, grid, block) cuda_launch (kernel, grid, block)
#define DIM3(x, y) cuda_dim3 (x, y)
#define IMPLEMENTATION "cudajit"
typedef cuda_event_t rodinia_event;
#endif

HOST_DEVICE int
rodinia_min (int a, int b)
{
  return a < b ? a : b;
}

HOST_DEVICE int
rodinia_max (int a, int b)
{
  return a > b ? a : b;
}

/* Whether LO <= X <= HI.  */
HOST_DEVICE int
in_range (int x, int lo, int hi)
{
  return x >= lo && x <= hi;
}

enum
{
  /* The warm-up runs the program's work again, pausing between runs, for
     at least this long: on a GPU, cudajit's background thread compiles a
     variant at a time, and each waits for a launch of its kernel that
     finds no other compiling.  nvcc's side warms up alike.  */
  RODINIA_WARM_MS = 3000,
  RODINIA_PAUSE_MS = 100,
  /* The timed runs: at least RODINIA_REPEATS, and on a GPU more, back to
     back, until they have taken RODINIA_TIMED_MS of wall time (at most
     RODINIA_REPEATS_MAX).  Five runs of a program of 30 us (nn,
     backprop), the first right after a pause in which the GPU may have
     lowered its clocks, time 150 us in all: too little to tell 10%.  */
  RODINIA_REPEATS = 5,
  RODINIA_TIMED_MS = 300,
  RODINIA_REPEATS_MAX = 10000
};

#ifdef __CUDACC__
static inline void
rodinia_check (cudaError_t e, const char *what)
{
  if (e != cudaSuccess)
    {
      fprintf (stderr, "%s: %s\n", what, cudaGetErrorString (e));
      exit (1);
    }
}

static inline void *
device_alloc (size_t bytes)
{
  void *p;
  rodinia_check (cudaMalloc (&p, bytes), "cudaMalloc");
  return p;
}

static inline void
device_free (void *p)
{
  rodinia_check (cudaFree (p), "cudaFree");
}

static inline void
to_device (void *d, const void *h, size_t bytes)
{
  rodinia_check (cudaMemcpy (d, h, bytes, cudaMemcpyHostToDevice),
                 "cudaMemcpy");
}

static inline void
to_host (void *h, const void *d, size_t bytes)
{
  rodinia_check (cudaMemcpy (h, d, bytes, cudaMemcpyDeviceToHost),
                 "cudaMemcpy");
}

static inline void
device_copy (void *dst, const void *src, size_t bytes)
{
  rodinia_check (cudaMemcpy (dst, src, bytes, cudaMemcpyDeviceToDevice),
                 "cudaMemcpy");
}

static inline void
synchronize (void)
{
  rodinia_check (cudaGetLastError (), "launch");
  rodinia_check (cudaDeviceSynchronize (), "cudaDeviceSynchronize");
}

static inline rodinia_event
event_new (void)
{
  cudaEvent_t e;
  rodinia_check (cudaEventCreate (&e), "cudaEventCreate");
  return e;
}

static inline void
event_record (rodinia_event e)
{
  rodinia_check (cudaEventRecord (e, 0), "cudaEventRecord");
}

static inline float
event_ms (rodinia_event start, rodinia_event stop)
{
  float ms;
  rodinia_check (cudaEventSynchronize (stop), "cudaEventSynchronize");
  rodinia_check (cudaEventElapsedTime (&ms, start, stop),
                 "cudaEventElapsedTime");
  return ms;
}

static inline void
event_free (rodinia_event e)
{
  cudaEventDestroy (e);
}

static inline int
on_gpu (void)
{
  return 1;
}
#else
static inline void *
device_alloc (size_t bytes)
{
  return cuda_device_array (bytes);
}

static inline void
device_free (void *p)
{
  cuda_free (p);
}

static inline void
to_device (void *d, const void *h, size_t bytes)
{
  cuda_copy_to_device (d, h, bytes);
}

static inline void
to_host (void *h, const void *d, size_t bytes)
{
  cuda_copy_to_host (h, d, bytes);
}

static inline void
device_copy (void *dst, const void *src, size_t bytes)
{
  cuda_copy_device (dst, src, bytes);
}

static inline void
synchronize (void)
{
  cuda_synchronize ();
}

static inline rodinia_event
event_new (void)
{
  return cuda_event ();
}

static inline void
event_record (rodinia_event e)
{
  cuda_event_record (e, NULL);
}

static inline float
event_ms (rodinia_event start, rodinia_event stop)
{
  cuda_event_synchronize (stop);
  return cuda_event_elapsed_ms (start, stop);
}

static inline void
event_free (rodinia_event e)
{
  cuda_event_destroy (e);
}

/* Whether the kernels run on a GPU, where variants need the warm-up's
   time; the CPU backend has none, and one run warms it.  */
static inline int
on_gpu (void)
{
  return cuda_is_available ();
}
#endif

/* Argument I of ARGV as an int of MINIMUM or more, or FALLBACK where
   there is none; a bad one ends the program with USAGE.  */
static inline int
int_argument (int argc, char **argv, int i, int fallback, int minimum,
              const char *usage)
{
  if (i >= argc)
    return fallback;
  char *end;
  long v = strtol (argv[i], &end, 10);
  if (*end || end == argv[i] || v < minimum || v > 1L << 30)
    {
      fprintf (stderr, "%s: bad argument '%s'\nusage: %s %s\n", argv[0],
               argv[i], argv[0], usage);
      exit (2);
    }
  return (int) v;
}

static inline float
float_argument (int argc, char **argv, int i, float fallback,
                const char *usage)
{
  if (i >= argc)
    return fallback;
  char *end;
  float v = strtof (argv[i], &end);
  if (*end || end == argv[i])
    {
      fprintf (stderr, "%s: bad argument '%s'\nusage: %s %s\n", argv[0],
               argv[i], argv[0], usage);
      exit (2);
    }
  return v;
}

/* The inputs' numbers, the same on both sides: xorshift64* from a fixed
   seed.  */
static unsigned long long rodinia_state = 0x9e3779b97f4a7c15ull;

static inline unsigned int
random_u32 (void)
{
  rodinia_state ^= rodinia_state >> 12;
  rodinia_state ^= rodinia_state << 25;
  rodinia_state ^= rodinia_state >> 27;
  return (unsigned int) ((rodinia_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* In [0, 1).  */
static inline float
random_float (void)
{
  return (float) (random_u32 () >> 8) / (float) (1u << 24);
}

/* In [LO, HI).  */
static inline float
random_between (float lo, float hi)
{
  return lo + (hi - lo) * random_float ();
}

static inline void *
host_alloc (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    {
      fprintf (stderr, "out of memory (%zu bytes)\n", bytes);
      exit (1);
    }
  return p;
}

static inline double
wall_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Run SETUP (which sets the device's inputs again, if null nothing),
   then RUN (the program's work on the device) untimed, until the
   warm-up's time has passed; then the timed runs (RODINIA_REPEATS, or
   on a GPU as many as RODINIA_TIMED_MS takes), each RUN alone between
   two events; print NAME's mean kernel milliseconds a run.  The
   line "NAME: timed runs begin" on stderr marks, among CUDAJIT_VERBOSE's
   lines, which variants came before them.  */
static inline void
time_runs (const char *name, void (*setup) (void *), void (*run) (void *),
           void *data)
{
  double warm_until = wall_ms () + (on_gpu () ? RODINIA_WARM_MS : 0);
  struct timespec pause = { 0, RODINIA_PAUSE_MS * 1000000L };
  float total = 0;
  int runs = 0;

  for (;;)
    {
      if (setup)
        setup (data);
      run (data);
      synchronize ();
      if (wall_ms () >= warm_until)
        break;
      nanosleep (&pause, NULL);
    }
  fprintf (stderr, "%s: timed runs begin\n", name);
  rodinia_event start = event_new (), stop = event_new ();
  double timed_until = wall_ms () + (on_gpu () ? RODINIA_TIMED_MS : 0);
  while (runs < RODINIA_REPEATS
         || (runs < RODINIA_REPEATS_MAX && wall_ms () < timed_until))
    {
      if (setup)
        setup (data);
      event_record (start);
      run (data);
      event_record (stop);
      total += event_ms (start, stop);
      runs++;
    }
  synchronize ();
  printf ("%s: %s kernel time %.4f ms (mean of %d runs)\n", name,
          IMPLEMENTATION, total / runs, runs);
  event_free (start);
  event_free (stop);
}

/* Print NAME's verdict, MISMATCHES of the result's values, the worst
   error WORST; exit 1 if any.  */
static inline int
verdict (const char *name, long mismatches, double worst)
{
  if (mismatches)
    {
      printf ("%s: FAILED (%ld mismatches, worst error %g)\n", name,
              mismatches, worst);
      exit (1);
    }
  printf ("%s: ok (worst error %g)\n", name, worst);
  return 0;
}

#endif /* RODINIA_H */
