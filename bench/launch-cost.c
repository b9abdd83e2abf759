/* SPDX-License-Identifier: MIT */
/* What one cuda_launch costs, against cuLaunchKernel called directly with
   the same kernel and arguments, measured side by side in one run.

   The direct launches use the kernel written out in CUDA C below, compiled
   here with NVRTC and loaded with cuModuleLoadData, so that they depend on
   nothing inside cudajit.  Build it with make bench (configure must have
   found the CUDA toolkit) and run it on a GPU machine:

     bench/launch-cost [LAUNCHES [BATCH]]

   Each measure is LAUNCHES launches (100000 by default) of a kernel of one
   block of 32 threads on a device array; a synchronization every BATCH
   launches (1000) keeps the launch queue short, which a long run of
   launches without one fills, until each launch waits for the GPU.  The
   target is a ratio of at most 1.2; Numba's launches take 33 us against
   4.3 us for cuLaunchKernel on an H100.  Without a GPU it exits with 77,
   Automake's status for a skipped test.  */

#define _POSIX_C_SOURCE 200809L

#include <cudajit.h>
#include <cuda.h>
#include <nvrtc.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__attribute__ ((cuda_jit)) void
tiny (float *x, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] += 1;
}

/* tiny as a program using the driver API writes it.  */
static const char tiny_cuda[]
    = "extern \"C\" __global__ void\n"
      "tiny (float *x, int n)\n"
      "{\n"
      "  long i = (long) blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n)\n"
      "    x[i] += 1;\n"
      "}\n";

enum
{
  ELEMENTS = 32,
  ROUNDS = 5
};

/* The driver is opened at run time, so that where there is none the
   benchmark says so and is skipped rather than failing to start.  Each
   function is looked up by the name that cuda.h maps it to, as a call
   linked with libcuda would be: cuLaunchKernel_ptsz under
   CUDA_API_PER_THREAD_DEFAULT_STREAM, for example.  */
#define DRIVER_CALLS                                                          \
  CALL (cuInit)                                                               \
  CALL (cuGetErrorName)                                                       \
  CALL (cuDeviceGetCount)                                                     \
  CALL (cuDeviceGet)                                                          \
  CALL (cuDeviceGetName)                                                      \
  CALL (cuDeviceGetAttribute)                                                 \
  CALL (cuDevicePrimaryCtxRetain)                                             \
  CALL (cuCtxSetCurrent)                                                      \
  CALL (cuCtxSynchronize)                                                     \
  CALL (cuModuleLoadData)                                                     \
  CALL (cuModuleGetFunction)                                                  \
  CALL (cuLaunchKernel)

#define STRINGIFY(name) #name
#define SYMBOL_OF(name) STRINGIFY (name)

static struct
{
#define CALL(name) __typeof__ (name) *name;
  DRIVER_CALLS
#undef CALL
} cu;

static _Noreturn void
skip (const char *why)
{
  printf ("launch-cost: no GPU (%s); skipped\n", why);
  exit (77);
}

static void
check (CUresult result, const char *what)
{
  const char *name;

  if (result == CUDA_SUCCESS)
    return;
  if (cu.cuGetErrorName (result, &name) != CUDA_SUCCESS)
    name = "unknown error";
  fprintf (stderr, "launch-cost: %s: %s\n", what, name);
  exit (1);
}

static void
nvrtc_check (nvrtcResult result, const char *what)
{
  if (result == NVRTC_SUCCESS)
    return;
  fprintf (stderr, "launch-cost: %s: %s\n", what,
           nvrtcGetErrorString (result));
  exit (1);
}

/* Open the driver and make the first GPU's primary context current: the
   context that cudajit uses, so that both launchers share its memory.  */
static CUdevice
open_gpu (void)
{
  void *lib = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  CUdevice device;
  CUcontext context;
  int count;

  if (!lib)
    skip (dlerror ());
#define CALL(name)                                                            \
  if (!(cu.name = (__typeof__ (cu.name)) dlsym (lib, SYMBOL_OF (name))))      \
    {                                                                         \
      fprintf (stderr, "launch-cost: the CUDA driver is too old: %s\n",       \
               dlerror ());                                                   \
      exit (1);                                                               \
    }
  DRIVER_CALLS
#undef CALL
  if (cu.cuInit (0) != CUDA_SUCCESS
      || cu.cuDeviceGetCount (&count) != CUDA_SUCCESS || count == 0)
    skip ("the CUDA driver found no usable GPU");
  check (cu.cuDeviceGet (&device, 0), "cuDeviceGet");
  check (cu.cuDevicePrimaryCtxRetain (&context, device),
         "cuDevicePrimaryCtxRetain");
  check (cu.cuCtxSetCurrent (context), "cuCtxSetCurrent");
  return device;
}

/* Compile tiny_cuda into a cubin for DEVICE, as cudajit does with the
   CUDA C of its kernels, and load it.  */
static CUfunction
load_tiny (CUdevice device)
{
  int major, minor;
  char arch[64];
  const char *options[] = { arch };
  nvrtcProgram program;
  nvrtcResult result;
  size_t size;
  char *code;
  CUmodule module;
  CUfunction function;

  check (cu.cuDeviceGetAttribute (
             &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device),
         "cuDeviceGetAttribute");
  check (cu.cuDeviceGetAttribute (
             &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device),
         "cuDeviceGetAttribute");
  snprintf (arch, sizeof arch, "--gpu-architecture=sm_%d%d", major, minor);

  nvrtc_check (
      nvrtcCreateProgram (&program, tiny_cuda, "tiny.cu", 0, NULL, NULL),
      "nvrtcCreateProgram");
  result = nvrtcCompileProgram (program, 1, options);
  if (result != NVRTC_SUCCESS)
    {
      nvrtc_check (nvrtcGetProgramLogSize (program, &size),
                   "nvrtcGetProgramLogSize");
      code = malloc (size);
      if (code && nvrtcGetProgramLog (program, code) == NVRTC_SUCCESS)
        fprintf (stderr, "%s\n", code);
      nvrtc_check (result, arch);
    }
  nvrtc_check (nvrtcGetCUBINSize (program, &size), "nvrtcGetCUBINSize");
  code = malloc (size);
  if (!code)
    {
      fprintf (stderr, "launch-cost: out of memory\n");
      exit (1);
    }
  nvrtc_check (nvrtcGetCUBIN (program, code), "nvrtcGetCUBIN");
  nvrtc_check (nvrtcDestroyProgram (&program), "nvrtcDestroyProgram");
  check (cu.cuModuleLoadData (&module, code), "cuModuleLoadData");
  check (cu.cuModuleGetFunction (&function, module, "tiny"),
         "cuModuleGetFunction");
  free (code);
  return function;
}

static CUfunction tiny_function;

/* Each launcher launches tiny as its API's user would, arguments and
   error check included, and waits for the GPU likewise.  */

static void
cudajit_launch_tiny (float *x, int n)
{
  cuda_launch (tiny, 1, ELEMENTS) (x, n);
}

static void
driver_launch_tiny (float *x, int n)
{
  void *args[] = { &x, &n };

  check (cu.cuLaunchKernel (tiny_function, 1, 1, 1, ELEMENTS, 1, 1, 0, NULL,
                            args, NULL),
         "cuLaunchKernel");
}

static void
driver_synchronize (void)
{
  check (cu.cuCtxSynchronize (), "cuCtxSynchronize");
}

/* The measures, each in microseconds per launch.  */
enum
{
  /* Host time spent in the launches, with a synchronization every BATCH
     launches: what a launch costs the host, with the queue kept short.  */
  BATCHED_SUBMIT,
  /* All the time of those launches, synchronizations included.  */
  BATCHED_TOTAL,
  /* Host time of LAUNCHES launches in a row, which the queue, once full,
     holds back to the GPU's pace.  */
  UNSYNCED_SUBMIT,
  /* The same with the synchronization at their end.  */
  UNSYNCED_TOTAL,
  MEASURES
};

/* Formats of the measures' names, given BATCH.  */
static const char *const measure_names[MEASURES] = {
  "host time in launches, sync every %ld",
  "all the time, sync every %ld",
  "host time in launches, no sync",
  "all the time, one sync at the end",
};

struct launcher
{
  const char *name;
  void (*launch) (float *x, int n);
  void (*synchronize) (void);
  double us[MEASURES][ROUNDS];
};

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* Launch tiny with L on X LAUNCHES times in each way, for round ROUND.  */
static void
measure (struct launcher *l, int round, float *x, long launches, long batch)
{
  double start, launched, end, submitting = 0;

  start = now_us ();
  for (long done = 0; done < launches;)
    {
      double batch_start = now_us ();
      long stop = launches - done < batch ? launches : done + batch;

      for (; done < stop; done++)
        l->launch (x, ELEMENTS);
      submitting += now_us () - batch_start;
      l->synchronize ();
    }
  end = now_us ();
  l->us[BATCHED_SUBMIT][round] = submitting / launches;
  l->us[BATCHED_TOTAL][round] = (end - start) / launches;

  start = now_us ();
  for (long done = 0; done < launches; done++)
    l->launch (x, ELEMENTS);
  launched = now_us ();
  l->synchronize ();
  end = now_us ();
  l->us[UNSYNCED_SUBMIT][round] = (launched - start) / launches;
  l->us[UNSYNCED_TOTAL][round] = (end - start) / launches;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (const double values[ROUNDS])
{
  double sorted[ROUNDS];

  memcpy (sorted, values, sizeof sorted);
  qsort (sorted, ROUNDS, sizeof *sorted, compare_doubles);
  return sorted[ROUNDS / 2];
}

/* Whether every element of X on the GPU is EXPECTED; then zero them.  */
static int
check_and_clear (float *x, long expected)
{
  float host[ELEMENTS];
  int bad = 0;

  cuda_copy_to_host (host, x, sizeof host);
  for (int i = 0; i < ELEMENTS; i++)
    bad += host[i] != expected;
  if (bad)
    fprintf (stderr,
             "launch-cost: %d of %d elements are not %ld: not every launch "
             "ran\n",
             bad, ELEMENTS, expected);
  memset (host, 0, sizeof host);
  cuda_copy_to_device (x, host, sizeof host);
  return bad == 0;
}

int
main (int argc, char **argv)
{
  long launches = argc > 1 ? atol (argv[1]) : 100000;
  long batch = argc > 2 ? atol (argv[2]) : 1000;
  struct launcher launchers[] = {
    { "cuda_launch", cudajit_launch_tiny, cuda_synchronize, { { 0 } } },
    { "cuLaunchKernel", driver_launch_tiny, driver_synchronize, { { 0 } } },
  };
  struct launcher *cudajit = &launchers[0], *driver = &launchers[1];
  CUdevice device;
  char name[256];
  float zeros[ELEMENTS] = { 0 }, *x;
  int ok = 1;
  double ratio;

  /* Each element counts the launches of a round, 4 * LAUNCHES, which a
     float holds exactly up to 2^24.  */
  if (argc > 3 || launches < 1 || launches > (1L << 22) || batch < 1)
    {
      fprintf (stderr,
               "usage: launch-cost [LAUNCHES [BATCH]], with LAUNCHES from 1 "
               "to %ld and BATCH at least 1\n",
               1L << 22);
      return 2;
    }

  device = open_gpu ();
  /* A CPU backend chosen through the environment would launch on host
     memory; the comparison is between GPU launches.  */
  setenv ("CUDAJIT_BACKEND", "cuda", 1);
  tiny_function = load_tiny (device);
  check (cu.cuDeviceGetName (name, sizeof name, device), "cuDeviceGetName");

  x = cuda_to_device (zeros, sizeof zeros);
  /* Compile and load both kernels, and warm up the launch paths.  */
  for (size_t i = 0; i < sizeof launchers / sizeof *launchers; i++)
    {
      for (long done = 0; done < 1000; done++)
        launchers[i].launch (x, ELEMENTS);
      launchers[i].synchronize ();
    }
  ok &= check_and_clear (x, 2000);

  /* The launchers take turns, first one then the other, so that a drift
     of the machine's speed during the run affects both alike.  */
  for (int round = 0; round < ROUNDS; round++)
    {
      measure (round % 2 ? driver : cudajit, round, x, launches, batch);
      measure (round % 2 ? cudajit : driver, round, x, launches, batch);
      ok &= check_and_clear (x, 4 * launches);
    }
  cuda_free (x);

  printf ("launch-cost: %s; kernel tiny, grid 1, block %d, on a device "
          "array\n",
          name, ELEMENTS);
  printf ("launch-cost: %ld launches a measure, median of %d rounds; "
          "microseconds a launch\n",
          launches, ROUNDS);
  printf ("%-42s %12s %15s %6s %7s\n", "", cudajit->name, driver->name,
          "ratio", "extra");
  for (int m = 0; m < MEASURES; m++)
    {
      double c = median (cudajit->us[m]), d = median (driver->us[m]);
      char label[64];

      snprintf (label, sizeof label, measure_names[m], batch);
      printf ("%-42s %12.3f %15.3f %6.2f %7.3f\n", label, c, d, c / d, c - d);
    }
  ratio = median (cudajit->us[BATCHED_SUBMIT])
          / median (driver->us[BATCHED_SUBMIT]);
  printf ("launch-cost: cuda_launch / cuLaunchKernel = %.2f (host time in "
          "launches, sync every %ld); target <= 1.2\n",
          ratio, batch);
  printf ("launch-cost: %s\n", ok ? "ok, every launch ran" : "FAILED");
  return !ok;
}
