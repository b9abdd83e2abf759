/* Dynamic shared memory above a block's default 48 KiB, up to the
   device's limit (227 KiB on an H100 or H200, and on the CPU backend),
   with a static shared array beside it: each block fills 200 KiB of
   dynamic shared memory, its threads reading back what others wrote
   after a barrier, and a launch at the device's limit.  A launch past
   the limit is refused, naming the kernel and the launch, the same on
   both backends.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  BIG = 200 * 1024,
  THREADS = 256,
  BLOCKS = 4
};

__attribute__ ((cuda_jit)) void
fill (unsigned bytes, unsigned sums[BLOCKS])
{
  extern __attribute__ ((cuda_shared)) unsigned words[];
  static __attribute__ ((cuda_shared)) unsigned partial[THREADS];
  unsigned count = bytes / sizeof (unsigned);
  for (unsigned k = threadIdx.x; k < count; k += blockDim.x)
    words[k] = k * 2654435761u + blockIdx.x;
  cuda_syncthreads ();
  /* Each thread reads what the next wrote.  */
  unsigned sum = 0;
  for (unsigned k = (threadIdx.x + 1) % blockDim.x; k < count; k += blockDim.x)
    sum += words[k];
  partial[threadIdx.x] = sum;
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    {
      unsigned total = 0;
      for (unsigned t = 0; t < blockDim.x; t++)
        total += partial[t];
      sums[blockIdx.x] = total;
    }
}

static unsigned sums[BLOCKS];

/* The errors of launches of fill with BYTES of dynamic shared memory.  */
static int
check (unsigned bytes)
{
  int errors = 0;
  memset (sums, 0, sizeof sums);
  cuda_launch (fill, BLOCKS, THREADS, .shared_bytes = bytes) (bytes, sums);
  cuda_synchronize ();
  errors += cuda_last_error () != NULL;
  for (unsigned b = 0; b < BLOCKS; b++)
    {
      unsigned want = 0;
      for (unsigned k = 0; k < bytes / sizeof (unsigned); k++)
        want += k * 2654435761u + b;
      errors += sums[b] != want;
    }
  return errors;
}

int
main (void)
{
  struct cuda_device_properties p = cuda_device_properties (0);
  size_t static_bytes = THREADS * sizeof (unsigned);
  int errors = 0;

  errors += p.shared_memory_per_block < BIG + static_bytes;
  errors += check (BIG);
  errors += check (p.shared_memory_per_block - static_bytes);
  printf ("big shared memory: %d errors\n", errors);

  cuda_launch (fill, 1, THREADS, .shared_bytes = p.shared_memory_per_block + 4) (
      p.shared_memory_per_block + 4, sums);
  const char *error = cuda_last_error ();
  printf ("refused: %s\n", error ? error : "nothing");
  return errors != 0;
}

/* { dg-output "big shared memory: 0 errors\n" } */
/* { dg-output "refused: kernel 'fill' launched at \[^\n\]*run-shared-opt-in.c:\[0-9\]+: \[0-9\]+ bytes of shared memory is more than the \[0-9\]+ a block may have" } */
/* { dg-cudajit-levels all } */
