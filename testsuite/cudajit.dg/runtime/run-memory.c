/* The memory API: cuda_to_device, cuda_device_array, cuda_copy_to_device,
   cuda_copy_to_host, cuda_free and cuda_synchronize, and results that stay
   on the device from one launch to the next.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
scale (float *data, float factor, int n)
{
  long i = cuda_grid_x ();
  if (i < n)
    data[i] *= factor;
}

int
main (void)
{
  enum { n = 1000 };
  float host[n], back[n];
  for (int i = 0; i < n; i++)
    host[i] = i;
  float *a = cuda_to_device (host, sizeof host);
  float *b = cuda_device_array (sizeof host);
  cuda_copy_to_device (b, host, sizeof host);
  for (int r = 0; r < 3; r++)
    cuda_launch (scale, (n + 255) / 256, 256) (a, 2, n);
  cuda_launch (scale, (n + 255) / 256, 256) (b, -1, n);
  cuda_synchronize ();
  int errors = 0;
  cuda_copy_to_host (back, a, sizeof back);
  for (int i = 0; i < n; i++)
    errors += back[i] != host[i] * 8;
  cuda_copy_to_host (back, b, sizeof back);
  for (int i = 0; i < n; i++)
    errors += back[i] != -host[i];
  cuda_free (a);
  cuda_free (b);
  printf ("memory: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "memory: 0 errors" } */
/* { dg-cudajit-levels all } */
