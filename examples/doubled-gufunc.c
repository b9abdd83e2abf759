/* SPDX-License-Identifier: MIT */
/* Seed 004's doubled_gufunc, @guvectorize ([(float32[:, :],
   float32[:, :])], "(m,n)->(m,n)"): the C declaration of the function says
   what the layout string says.  One instance, a 3 x 3 array of random
   float32, doubled into a device array that is then copied to the host.  */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

static void
doubled_gufunc (int m, int n, const float arr[m][n], float out[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      out[i][j] = arr[i][j] * 2;
}

int
main (void)
{
  float arr[3][3], out[3][3];
  srand (4);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      arr[i][j] = (float) rand () / RAND_MAX * 2 - 1;
  float *d_out = cuda_device_array (sizeof out);
  cuda_guvectorize (doubled_gufunc, 1) (3, 3, arr, d_out);
  cuda_copy_to_host (out, d_out, sizeof out);
  cuda_free (d_out);
  int mismatches = 0;
  for (int i = 0; i < 3; i++)
    {
      for (int j = 0; j < 3; j++)
        {
          printf (" %9.5f", out[i][j]);
          mismatches += out[i][j] != arr[i][j] * 2;
        }
      putchar ('\n');
    }
  printf ("doubled-gufunc: %s (%d mismatches)\n", mismatches ? "FAILED" : "ok",
          mismatches);
  return mismatches != 0;
}
