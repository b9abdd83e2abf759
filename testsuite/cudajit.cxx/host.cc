// SPDX-License-Identifier: GPL-3.0-or-later
// A C++ unit of a program whose kernels are in C (kernel.c): it includes
// cudajit.h for the host API and launches through a C function.
#include <cudajit.h>
#include <cstdio>

extern "C" void launch_scale (float *x, int n);

int
main ()
{
  float *x = static_cast<float *> (cuda_device_array (64 * sizeof (float)));
  launch_scale (x, 64);
  float host[64];
  cuda_copy_to_host (host, x, sizeof host);
  cuda_free (x);
  std::printf ("host[5] = %g\n", host[5]);
  return host[5] != 10;
}
