/* Memory that cudajit frees is remembered for a while, so that a late use
   is an error; that must not make the memory that later takes its place
   look freed.  Many allocations of small and large blocks, freed at once
   and followed by host arrays and new device arrays, all work, as does
   the program's memory once the remembered blocks are forgotten.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
add (long n, int *dev, const int host[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    dev[i] += host[i];
}

#define N 64
#define ROUNDS 6000

int
main (void)
{
  int *keep = cuda_device_array (N * sizeof (int));
  int expected = 0;

  cuda_copy_to_device (keep, (int[N]){ 0 }, N * sizeof (int));
  for (int round = 0; round < ROUNDS; round++)
    {
      /* Every 100th block is large, from mmap on the CPU backend.  */
      size_t bytes = round % 100 ? (size_t) (round % 7 + 1) * 512 : 3 << 20;
      int *dev = cuda_device_array (bytes);
      int *host;

      cuda_free (dev);
      host = malloc (bytes);
      for (int i = 0; i < N; i++)
        host[i] = 1;
      dev = cuda_device_array (bytes);
      cuda_launch (add, 1, N) (N, keep, host);
      cuda_launch (add, 1, N) (N, dev, host);
      expected++;
      cuda_free (dev);
      free (host);
    }
  int result[N];
  cuda_copy_to_host (result, keep, sizeof result);
  int errors = 0;
  for (int i = 0; i < N; i++)
    errors += result[i] != expected;
  cuda_free (keep);
  printf ("%d rounds: %d errors\n", ROUNDS, errors);
  return errors != 0;
}

/* { dg-output "6000 rounds: 0 errors" } */
/* { dg-cudajit-levels all } */
