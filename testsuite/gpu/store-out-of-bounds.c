/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For gpu-tools.sh: a kernel that stores past the end of a device array,
   which compute-sanitizer's memcheck reports at its line of C.  */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
store_through (int n, int *x)
{
  int i = cuda_grid_x ();
  if (i <= n)
    x[i] = i; /* gpu-tools.sh: the bad store */
}

int
main (void)
{
  int *x = cuda_device_array (256 * sizeof *x);
  cuda_launch (store_through, 2, 256) (256, x);
  cuda_synchronize ();
  puts ("stored");
  return 0;
}
