/* A local array of 264 KiB, within the 512 KiB of local memory that a GPU
   gives a thread and more than the 256 KiB stacks that fibers once had,
   works in a kernel whose threads wait at a barrier: on the CPU backend
   they run as fibers, each on a stack large enough.  A GPU sets local
   memory aside for every thread it can run at once, 270,336 on an H100,
   whose 80 GB this still fits.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define ELEMENTS (66 * 1024)
#define THREADS 64

__attribute__ ((cuda_jit)) void
large_frame (const int *picks, int *out)
{
  int local[ELEMENTS];

  for (int i = 0; i < ELEMENTS; i++)
    local[i] = i ^ threadIdx.x;
  cuda_syncthreads ();
  out[threadIdx.x] = local[picks[threadIdx.x]];
}

int
main (void)
{
  int picks[THREADS], out[THREADS], errors = 0;

  for (int i = 0; i < THREADS; i++)
    picks[i] = (i * 7919) % ELEMENTS;
  int *d_picks = cuda_to_device (picks, sizeof picks);
  int *d_out = cuda_device_array (sizeof out);
  cuda_launch (large_frame, 2, THREADS) (d_picks, d_out);
  cuda_copy_to_host (out, d_out, sizeof out);
  for (int i = 0; i < THREADS; i++)
    errors += out[i] != (picks[i] ^ i);
  printf ("large frame: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "large frame: 0 errors" } */
/* { dg-cudajit-levels all } */
