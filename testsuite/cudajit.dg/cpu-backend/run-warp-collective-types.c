/* Warp collectives of two types, one after the other, where the CPU
   backend runs them on fibers (under a condition that the plugin cannot
   know the warp takes alike), with the second warp a step behind the
   first (a cuda_syncwarp of its own): the first warp's long long values
   must not land on the second's int values, which it has not read yet,
   nor these on those.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  BLOCKS = 2,
  N = THREADS * BLOCKS
};

__attribute__ ((cuda_jit)) void
two_types (const int in[N], long long out[N][3])
{
  long i = cuda_grid_x ();
  int v = in[i];

  if (v >= 0)
    {
      if (threadIdx.x >= 32)
        cuda_syncwarp (0xffffffff);
      out[i][0] = cuda_warp_reduce (v, CUDA_ADD);
      out[i][1] = cuda_warp_reduce ((long long) v << 20, CUDA_MAX);
      out[i][2] = cuda_warp_scan_inclusive ((short) v, CUDA_ADD);
    }
}

int
main (void)
{
  static int in[N];
  static long long out[N][3];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = (i * 7919) % 1009;
  cuda_launch (two_types, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int first = i / 32 * 32;
      long long sum = 0, max = 0, prefix = 0;
      for (int j = first; j < first + 32; j++)
        {
          sum += in[j];
          max = (long long) in[j] << 20 > max ? (long long) in[j] << 20 : max;
          if (j <= i)
            prefix += in[j];
        }
      if (out[i][0] != sum || out[i][1] != max || out[i][2] != (short) prefix)
        {
          errors++;
          printf ("thread %d: %lld %lld %lld, not %lld %lld %d\n", i,
                  out[i][0], out[i][1], out[i][2], sum, max, (short) prefix);
        }
    }
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
