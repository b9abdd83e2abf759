/* cudajit.h is C89 for the host API, and its macros are quiet under
   -pedantic-errors in C89: a C89 program with a kernel, launched with a
   grid of cuda_dim3 and named settings, and with atomics.  */
/* { dg-do run } */
/* { dg-options "-std=c89 -pedantic-errors -Wall -Wextra" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
count (int n, int *out, int *total)
{
  long i = cuda_grid_x () + cuda_grid_y () * cuda_gridsize_x ();
  if (i < n)
    {
      out[i] = (int) i;
      cuda_atomic_add (total, 1);
    }
}

int
main (void)
{
  enum
  {
    N = 100
  };
  int host[N], total = 0, i, bad = 0;
  int *dev = cuda_device_array (sizeof host);
  int *dev_total = cuda_to_device (&total, sizeof total);

  cuda_launch (count, cuda_dim3 (4, 2), 16, .shared_bytes = 0) (N, dev,
                                                               dev_total);
  cuda_forall (count, N) (N, dev, dev_total);
  cuda_copy_to_host (host, dev, sizeof host);
  cuda_copy_to_host (&total, dev_total, sizeof total);
  for (i = 0; i < N; i++)
    bad += host[i] != i;
  printf ("%d wrong, total %d\n", bad, total);
  cuda_free (dev);
  cuda_free (dev_total);
  return 0;
}

/* { dg-output "0 wrong, total 200" } */
