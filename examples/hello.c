/* SPDX-License-Identifier: MIT */
/* The first kernel of seed 000: each thread writes its own index.
   Numba: foo[1, len(data)](data, output), data np.asarray(range(10)) and
   output np.zeros(len(data)); the notebook then shows output.  */

#include "notebook.h"
#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
foo (const long long *input_array, double *output_array)
{
  long i = cuda_grid_x ();
  output_array[i] = i;
}

int
main (void)
{
  enum
  {
    n = 10
  };
  long long data[n];
  double output[n] = { 0 };
  for (int i = 0; i < n; i++)
    data[i] = i;

  long long *dev_data = cuda_to_device (data, sizeof data);
  double *dev_output = cuda_device_array (sizeof output);
  cuda_launch (foo, 1, n) (dev_data, dev_output);
  cuda_copy_to_host (output, dev_output, sizeof output);
  cuda_free (dev_data);
  cuda_free (dev_output);

  numpy_print_floats (output, n, 1, NULL);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += output[i] != i;
  printf ("hello: %s\n", errors ? "FAILED" : "ok");
  return errors != 0;
}
