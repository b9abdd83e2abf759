/* Under CUDAJIT_CHECK=bounds, a program that stays within its host
   arrays runs as without it: arrays read, written, or both, of sizes
   that end at a page and that do not, the results copied back, device
   memory passed as it is.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_CHECK "bounds" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((cuda_jit)) void
saxpy (long n, float a, const float x[n], const float y[n], float out[n],
       double acc[n], int *dev)
{
  long i = cuda_grid_x ();

  if (i < n)
    {
      out[i] = a * x[i] + y[i];
      acc[i] += x[i];
      dev[i] = (int) i;
    }
}

int
main (void)
{
  static const long sizes[] = { 1, 3, 1024, 1000, 4097 };

  for (unsigned int s = 0; s < sizeof sizes / sizeof *sizes; s++)
    {
      long n = sizes[s];
      float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
      float *out = malloc (n * sizeof *out);
      double *acc = malloc (n * sizeof *acc);
      int *dev = cuda_device_array (n * sizeof (int));
      int *back = malloc (n * sizeof *back);

      for (long i = 0; i < n; i++)
        {
          x[i] = i;
          y[i] = 2 * i;
          acc[i] = 1;
        }
      cuda_launch (saxpy, (n + 127) / 128, 128) (n, 3.0f, x, y, out, acc, dev);
      cuda_launch (saxpy, (n + 127) / 128, 128) (n, 3.0f, x, y, out, acc, dev);
      cuda_copy_to_host (back, dev, n * sizeof (int));
      for (long i = 0; i < n; i++)
        if (out[i] != 5.0f * i || acc[i] != 1 + 2.0 * i || back[i] != i)
          {
            printf ("n %ld: element %ld: %g %g %d\n", n, i, out[i], acc[i],
                    back[i]);
            return 1;
          }
      cuda_free (dev);
      free (x);
      free (y);
      free (out);
      free (acc);
      free (back);
    }
  puts ("ok");
  return 0;
}

/* { dg-output "ok\n$" } */
/* { dg-cudajit-levels all } */
