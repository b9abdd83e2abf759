/* SPDX-License-Identifier: MIT */
/* A device function in a file of its own (see project/stencil.h).  */

#include "stencil.h"

/* The index of I's neighbour D points away on a ring of N points.  */
__attribute__ ((cuda_device)) static long
around (long i, long d, long n)
{
  return (i + d + n) % n;
}

__attribute__ ((cuda_device)) float
laplacian (const float *u, long i, long n)
{
  return u[around (i, -1, n)] - 2 * u[i] + u[around (i, 1, n)];
}
