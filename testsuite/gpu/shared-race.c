/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For gpu-tools.sh: threads that read a neighbour's element of shared
   memory without waiting for its store, which compute-sanitizer's
   racecheck reports at both lines of C.  */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
shift (float *out, const float *in)
{
  static __attribute__ ((cuda_shared)) float tile[128];
  unsigned int t = threadIdx.x;
  tile[t] = in[t]; /* gpu-tools.sh: the write */
  out[t] = tile[(t + 1) % 128]; /* gpu-tools.sh: the read */
}

int
main (void)
{
  float *in = cuda_device_array (128 * sizeof *in);
  float *out = cuda_device_array (128 * sizeof *out);
  cuda_launch (shift, 1, 128) (out, in);
  cuda_synchronize ();
  puts ("shifted");
  return 0;
}
