/* SPDX-License-Identifier: MIT */
/* specialize-check [--cache] [--exit-thread | --fatal] LAUNCH...

   What gpu-specialize.c decides for a kernel's launches, where there is no
   GPU: a driver of its own loads each variant that NVRTC compiled as a
   function of its own, so that the testsuite sees which launches would
   run the generic code and which a variant, and what CUDAJIT_VERBOSE says
   of them.  The kernel is KERNEL_SOURCE's, registered as the plugin
   would: K (int n, const float *in, float *out, int v), with N and V
   specializable.  Each LAUNCH is one launch, with n = LAUNCH_N:

     V       v = V, blocks of DEFAULT_BLOCK threads, arrays apart
     V@B     blocks of B threads
     V~      in and out the same array
     V!      launched again and again until a variant runs it (at most
             SETTLE_SECONDS), for a key whose variant is queued

   Each prints "V: generic" or "V: variant N", N counting the variants in
   the order they were loaded.  Then it returns from main, whatever a
   compilation in the background is doing; with --exit-thread, a thread
   of its own calls exit instead, and with --fatal, it ends as an error
   that ends the program does, with exit status 1.  Without NVRTC it
   exits with 77.  With --cache, the variants go through the disk cache
   as CUDAJIT_CACHE, CUDAJIT_CACHE_DIR and CUDAJIT_CACHE_MAX set it;
   without, the cache is left alone, so that the testsuite does not fill
   the user's.  */

#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KERNEL_SOURCE                                                         \
  "extern \"C\" __global__ void\n"                                            \
  "k (int n, const float *in, float *out, int v)\n"                           \
  "{\n"                                                                       \
  "  if (threadIdx.x < n)\n"                                                  \
  "    out[threadIdx.x] = in[threadIdx.x] + v;\n"                             \
  "}\n"
#define KERNEL_PARAMS "n#s4,in*=,out*,v#s4"
#define LAUNCH_N 100
#define DEFAULT_BLOCK 128
#define ARRAY_BYTES 4096
#define SETTLE_SECONDS 120
/* What the generic function is, and the variants' functions start at.  */
#define GENERIC ((CUfunction) 1)
#define FIRST_VARIANT 1000

static int loads;

static CUresult
load_module (CUmodule *module, const void *image)
{
  (void) image;
  *module = (CUmodule) (long) ++loads;
  return CUDA_SUCCESS;
}

static CUresult
get_function (CUfunction *function, CUmodule module, const char *name)
{
  (void) name;
  *function = (CUfunction) (FIRST_VARIANT + (long) module);
  return CUDA_SUCCESS;
}

static void
host_entry (void **args)
{
  (void) args;
}

static void *
exit_from_thread (void *unused)
{
  (void) unused;
  exit (0);
}

/* Whether ARGV[1] is OPTION, which is then taken out of ARGV.  */
static bool
option (int *argc, char ***argv, const char *option)
{
  if (*argc < 2 || strcmp ((*argv)[1], option) != 0)
    return false;
  (*argv)[1] = (*argv)[0];
  ++*argv, --*argc;
  return true;
}

int
main (int argc, char **argv)
{
  void *kernel = NULL, *module = NULL;
  static struct cudajit_gpu gpu = { .arch = 90 };
  const char *error;

  if (!option (&argc, &argv, "--cache"))
    setenv ("CUDAJIT_CACHE", "0", 1);
  bool exit_thread = option (&argc, &argv, "--exit-thread");
  bool fatal = !exit_thread && option (&argc, &argv, "--fatal");
  if ((error = cudajit_load_nvrtc ()))
    {
      fprintf (stderr, "specialize-check: %s\n", error);
      return 77;
    }
  gpu.arch = cudajit_nvrtc_newest_arch ();
  cudajit_register_kernel (
      CUDAJIT_ABI_VERSION, &kernel, &module, "specialize-check.c", "", "k",
      KERNEL_SOURCE, host_entry, KERNEL_PARAMS, 0, CUDAJIT_HOST_BLOCK, 0, 0);
  float *in = cuda_managed_array (ARRAY_BYTES);
  float *out = cuda_managed_array (ARRAY_BYTES);
  /* After the allocations, which ask the real one.  */
  cudajit_cu.cuModuleLoadData = load_module;
  cudajit_cu.cuModuleGetFunction = get_function;
  cudajit_current_gpu = &gpu;

  for (int i = 1; i < argc; i++)
    {
      char *end;
      int n = LAUNCH_N, v = strtol (argv[i], &end, 10);
      const float *launch_in = strchr (end, '~') ? out : in;
      const char *at = strchr (end, '@');
      struct cudajit_launch_config config
          = { .grid = { 1, 1, 1 },
              .block = { at ? atoi (at + 1) : DEFAULT_BLOCK, 1, 1 } };
      const struct cudajit_site site = { "k", "specialize-check.c", i };
      void *args[] = { &n, &launch_in, &out, &v };
      time_t give_up = time (NULL) + SETTLE_SECONDS;
      const struct timespec pause = { 0, 1000 * 1000 };
      CUfunction function;

      while ((function = cudajit_specialized_function (kernel, GENERIC,
                                                       &config, args, &site))
                 == GENERIC
             && strchr (end, '!') && time (NULL) < give_up)
        nanosleep (&pause, NULL);
      if (function == GENERIC)
        printf ("%s: generic\n", argv[i]);
      else
        printf ("%s: variant %ld\n", argv[i], (long) function - FIRST_VARIANT);
      fflush (stdout);
    }
  cudajit_current_gpu = NULL;
  cuda_free_managed (in);
  cuda_free_managed (out);
  pthread_t thread;
  if (exit_thread
      && pthread_create (&thread, NULL, exit_from_thread, NULL) == 0)
    pthread_join (thread, NULL);
  if (fatal)
    cudajit_fatal (NULL, "specialize-check ends as a fatal error would");
  return 0;
}
