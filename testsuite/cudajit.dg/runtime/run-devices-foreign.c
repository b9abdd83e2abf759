/* Device memory that cudajit did not hand out, allocated by other CUDA
   code (here cuMemAlloc, called directly) on GPU 1, passed to a kernel
   launched on GPU 0: the driver's pointer attributes tell its GPU, and
   the launch is the error that names the argument and both GPUs, rather
   than a fault; after cuda_enable_peer_access (1) it runs.  Without two
   GPUs it has nothing to show.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
fill (int *x, int value, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = value + i;
}

enum
{
  n = 4096
};

typedef int (*mem_alloc) (unsigned long long *, size_t);
typedef int (*mem_free) (unsigned long long);

static int
across_gpus (void)
{
  void *lib = dlopen ("libcuda.so.1", RTLD_NOW);
  mem_alloc alloc = lib ? (mem_alloc) dlsym (lib, "cuMemAlloc_v2") : NULL;
  mem_free release = lib ? (mem_free) dlsym (lib, "cuMemFree_v2") : NULL;
  if (!alloc || !release)
    return 1;

  /* cudajit makes GPU 1's context current for the thread.  */
  cuda_select_device (1);
  cuda_synchronize ();
  unsigned long long address;
  if (alloc (&address, n * sizeof (int)) != 0)
    return 1;
  int *foreign = (int *) (size_t) address;
  cuda_select_device (0);

  int errors = 0;
  cuda_launch (fill, n / 256, 256) (foreign, 3, n);
  const char *error = cuda_last_error ();
  printf ("error: %s\n", error ? error : "(none)");
  errors += !error
            || !strstr (error, "argument 1, 'x', is memory of GPU 1, which "
                               "the kernel cannot reach from GPU 0");

  cuda_enable_peer_access (1);
  cuda_launch (fill, n / 256, 256) (foreign, 3, n);
  cuda_synchronize ();
  errors += cuda_last_error () != NULL;
  int host[n];
  cuda_copy_to_host (host, foreign, sizeof host);
  for (int i = 0; i < n; i++)
    errors += host[i] != 3 + i;

  cuda_select_device (1);
  release (address);
  cuda_select_device (0);
  return errors;
}

int
main (void)
{
  int count = cuda_device_count ();
  int errors = 0;
  if (count >= 2)
    errors += across_gpus ();
  else
    printf ("foreign memory across GPUs: not run, %d GPUs\n", count);
  printf ("foreign: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "(foreign memory across GPUs: not run, \[01\] GPUs\n|error: kernel 'fill' launched at \[^\n\]*run-devices-foreign.c:\[0-9\]+: argument 1\[^\n\]*\n)" } */
/* { dg-output "foreign: 0 errors" } */
/* { dg-cudajit-levels all } */
