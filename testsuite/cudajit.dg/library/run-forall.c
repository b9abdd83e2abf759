/* cuda_forall runs at least n threads, in blocks that the occupancy
   calculator chooses on the GPU; with host arrays too.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
count (int *hits, long n)
{
  long i = cuda_grid_x ();
  if (i < n)
    hits[i] += 1;
}

__attribute__ ((cuda_jit)) void
round_to (long n, const double in[n], double out[n], int decimals)
{
  long i = cuda_grid_x ();
  double scale = 1;
  for (int d = 0; d < decimals; d++)
    scale *= 10;
  if (i < n)
    out[i] = (long) (in[i] * scale + (in[i] < 0 ? -0.5 : 0.5)) / scale;
}

int
main (void)
{
  enum { n = 100003 };
  static int hits[n];
  static double in[n], out[n];
  int *device_hits = cuda_to_device (hits, sizeof hits);
  cuda_forall (count, n) (device_hits, n);
  cuda_forall (count, 0) (device_hits, n);
  cuda_copy_to_host (hits, device_hits, sizeof hits);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += hits[i] != 1;
  cuda_free (device_hits);

  for (int i = 0; i < n; i++)
    in[i] = (i - 50000) / 3.0;
  cuda_forall (round_to, n) (n, in, out, 3);
  for (int i = 0; i < n; i++)
    {
      double scale = 1000;
      double expected
          = (long) (in[i] * scale + (in[i] < 0 ? -0.5 : 0.5)) / scale;
      errors += out[i] != expected;
    }
  printf ("forall: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "forall: 0 errors" } */
/* { dg-cudajit-levels all } */
