/* numba.cuda.detect, the attributes of get_current_device and
   get_memory_info: cuda_detect lists the GPUs, or says why kernels run on
   the CPU, and is nonzero where a GPU is usable; the properties of the
   current device are the limits that launches meet, a launch at each
   limit runs and one beyond it is refused with that limit; the memory is
   free <= total; a device that does not exist is an error that names the
   count.  cuda_profile_start and cuda_profile_stop return quietly.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
count_threads (int *count)
{
  cuda_atomic_add (count, 1);
}

static int errors;

/* Launch count_threads with GRID and BLOCK and SHARED bytes of shared
   memory; count it as wrong unless the threads that ran are as many as
   GRID and BLOCK have.  */
static void
launch (cuda_dim3 grid, cuda_dim3 block, size_t shared)
{
  int *count = cuda_device_array_of (int, 1);
  int threads = 0;
  long long expected
      = (long long) grid.x * grid.y * grid.z * block.x * block.y * block.z;

  cuda_copy_to_device (count, &threads, sizeof threads);
  cuda_launch (count_threads, grid, block, .shared_bytes = shared) (count);
  cuda_copy_to_host (&threads, count, sizeof threads);
  cuda_free (count);
  printf ("%u*%u threads: %d\n", grid.x * grid.y * grid.z,
          block.x * block.y * block.z, threads);
  errors += threads != expected || cuda_last_error () != NULL;
}

/* Launch it beyond a limit; count it as wrong unless the launch is refused
   with a message that has EXPECTED.  */
static void
refused (cuda_dim3 grid, cuda_dim3 block, size_t shared,
         const char *expected)
{
  int *count = cuda_device_array_of (int, 1);
  const char *error;

  cuda_launch (count_threads, grid, block, .shared_bytes = shared) (count);
  error = cuda_last_error ();
  cuda_free (count);
  printf ("refused: %s\n", error ? error : "(none)");
  errors += !error || !strstr (error, expected);
}

/* Whether the properties of DEVICE are an error that names COUNT, and all
   zero.  */
static int
no_such_device (int device, int count)
{
  struct cuda_device_properties p = cuda_device_properties (device);
  const char *error = cuda_last_error ();
  char expected[64];

  snprintf (expected, sizeof expected, "cuda_device_count () is %d", count);
  printf ("error: %s\n", error ? error : "(none)");
  return error && strstr (error, expected) && !p.name[0] && !p.warp_size
         && !p.max_threads_per_block && !p.total_memory;
}

int
main (void)
{
  int usable = cuda_detect ();
  int available = cuda_is_available ();
  int count = cuda_device_count ();
  int device = cuda_current_device ();
  struct cuda_device_properties p = cuda_device_properties (device);
  char expected[128];
  size_t free_bytes, total_bytes;

  printf ("detect: %d, available: %d\n", usable, available);
  /* The GPUs that tests run on are supported.  */
  errors += usable != available || device != 0;
  printf ("properties: %s, %d.%d, %d multiprocessors, warp %d, %d threads, "
          "block (%u, %u, %u), grid (%u, %u, %u), %zu shared bytes\n",
          p.name, p.major, p.minor, p.multiprocessor_count, p.warp_size,
          p.max_threads_per_block, p.max_block_dim.x, p.max_block_dim.y,
          p.max_block_dim.z, p.max_grid_dim.x, p.max_grid_dim.y,
          p.max_grid_dim.z, p.shared_memory_per_block);
  errors += cuda_last_error () != NULL;
  errors += p.warp_size != warpSize || p.multiprocessor_count < 1
            || p.total_memory == 0 || p.shared_memory_per_block < 1024
            || !p.name[0];
  errors += available ? p.major < 3 || strcmp (p.name, "CPU backend") == 0
                      : p.major != 0 || p.minor != 0
                            || strcmp (p.name, "CPU backend") != 0;

  /* The launches that the properties allow run; those beyond are
     refused, with the limits that the properties say.  */
  launch (cuda_dim3 (2), cuda_dim3 (p.max_threads_per_block), 0);
  launch (cuda_dim3 (1), cuda_dim3 (1, 1, p.max_block_dim.z), 0);
  launch (cuda_dim3 (3), cuda_dim3 (32), p.shared_memory_per_block);
  launch (cuda_dim3 (1, p.max_grid_dim.y), cuda_dim3 (1), 0);
  snprintf (expected, sizeof expected, "more than the %d threads",
            p.max_threads_per_block);
  refused (cuda_dim3 (1), cuda_dim3 (p.max_threads_per_block + 1), 0,
           expected);
  snprintf (expected, sizeof expected, "limits (%u, %u, %u) of its extents",
            p.max_block_dim.x, p.max_block_dim.y, p.max_block_dim.z);
  refused (cuda_dim3 (1), cuda_dim3 (1, 1, p.max_block_dim.z + 1), 0,
           expected);
  snprintf (expected, sizeof expected, "limits (%u, %u, %u) of its extents",
            p.max_grid_dim.x, p.max_grid_dim.y, p.max_grid_dim.z);
  refused (cuda_dim3 (1, p.max_grid_dim.y + 1), cuda_dim3 (1), 0, expected);
  snprintf (expected, sizeof expected, "more than the %zu a block may have",
            p.shared_memory_per_block);
  refused (cuda_dim3 (1), cuda_dim3 (32), p.shared_memory_per_block + 1,
           expected);

  cuda_memory_info (&free_bytes, &total_bytes);
  printf ("memory: %zu of %zu bytes free\n", free_bytes, total_bytes);
  errors += total_bytes == 0 || free_bytes > total_bytes
            || cuda_last_error () != NULL;
  /* A GPU's memory is what its properties say.  */
  errors += available && total_bytes != p.total_memory;

  errors += !no_such_device (count < 1 ? 1 : count, count);
  errors += !no_such_device (-1, count);

  cuda_profile_start ();
  launch (cuda_dim3 (4), cuda_dim3 (64), 0);
  cuda_profile_stop ();
  errors += cuda_last_error () != NULL;
  printf ("device queries: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "Found (0 CUDA devices\nKernels run on the CPU backend, on \[0-9\]+ threads: \[^\n\]+\n|\[1-9\]\[0-9\]* CUDA devices\n(id \[0-9\]+ \[^\n\]*\n(\[^\n\]*: \[^\n\]*\n)*)+)" } */
/* { dg-output "Summary:\n\t\[0-9\]+/\[0-9\]+ devices are supported\n" } */
/* { dg-output "(cudajit: kernel 'count_threads' \[^\n\]* without optimization \[^\n\]*\n)?" } */
/* { dg-output "detect: (0, available: 0|1, available: 1)\n" } */
/* { dg-output "properties: \[^\n\]+, \[0-9\]+\\.\[0-9\]+, \[1-9\]\[0-9\]* multiprocessors, warp 32, \[0-9\]+ threads, \[^\n\]*\n" } */
/* { dg-output "(\[0-9\]+\\*\[0-9\]+ threads: \[0-9\]+\n){4}" } */
/* { dg-output "refused: kernel 'count_threads' launched at \[^\n\]*run-device-queries.c:\[0-9\]+: block \\(\[0-9\]+, 1, 1\\) has more than the \[0-9\]+ threads a block may have\n" } */
/* { dg-output "refused: \[^\n\]*block \\(1, 1, \[0-9\]+\\) exceeds the limits \[^\n\]*\n" } */
/* { dg-output "refused: \[^\n\]*grid \\(1, \[0-9\]+, 1\\) exceeds the limits \[^\n\]*\n" } */
/* { dg-output "refused: \[^\n\]* bytes of shared memory is more than the \[0-9\]+ a block may have\n" } */
/* { dg-output "memory: \[0-9\]+ of \[1-9\]\[0-9\]* bytes free\n" } */
/* { dg-output "error: cuda_device_properties \\(\[1-9\]\[0-9\]*\\): \[^\n\]*; cuda_device_count \\(\\) is \[0-9\]+\n" } */
/* { dg-output "error: cuda_device_properties \\(-1\\): \[^\n\]*; cuda_device_count \\(\\) is \[0-9\]+\n" } */
/* { dg-output "\[0-9\]+\\*\[0-9\]+ threads: 256\n" } */
/* { dg-output "device queries: 0 errors" } */
/* { dg-cudajit-levels all } */
