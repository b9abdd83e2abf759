/* SPDX-License-Identifier: MIT */
/* A program laid out as CUDA C projects are: the heat equation on a ring,
   whose kernel in this file calls a device function of another file
   (project/stencil.c, declared in project/stencil.h), reads a device
   variable that the host sets with cuda_copy_to_symbol, and calls CUDA C
   that cudajit did not write (project/source.cu, linked by its cuda_jit
   attribute; project/source.c is its C version for the CPU backend).
   Checked against the same steps in plain C.  The GPU bundle's runner
   builds it from the same files: { dg-additional-sources
   "project/stencil.c project/source.c" }  */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

#include "project/stencil.h"

/* CUDA C's extern "C" __device__ float source_term (float).  */
extern __attribute__ ((cuda_device)) float source_term (float x);

/* How fast heat spreads, in device memory, as a __device__ variable of
   CUDA C's.  */
__attribute__ ((cuda_device)) float diffusivity;

__attribute__ ((cuda_jit ("link=project/source.cu"))) void
step (long n, const float *u, float *next, float dt)
{
  long i = cuda_grid_x ();
  if (i < n)
    next[i]
        = u[i] + dt * (diffusivity * laplacian (u, i, n) + source_term (u[i]));
}

enum
{
  N = 4096,
  STEPS = 200,
  /* A point that the start leaves cooler than point 0.  */
  SHOWN = 40
};

int
main (void)
{
  static float host[N], want[N], scratch[N];
  const float rate = 0.2f, dt = 0.5f;

  for (long i = 0; i < N; i++)
    host[i] = want[i] = (i % 64) / 64.0f;
  cuda_copy_to_symbol (diffusivity, &rate, sizeof rate);
  float *u = cuda_to_device (host, sizeof host);
  float *next = cuda_device_array (sizeof host);
  for (int s = 0; s < STEPS; s++)
    {
      cuda_forall (step, N) (N, u, next, dt);
      float *t = u;
      u = next;
      next = t;
    }
  cuda_copy_to_host (host, u, sizeof host);

  /* The same steps in plain C.  */
  for (int s = 0; s < STEPS; s++)
    {
      for (long i = 0; i < N; i++)
        scratch[i] = want[i]
                     + dt
                           * (rate
                                  * (want[(i + N - 1) % N] - 2 * want[i]
                                     + want[(i + 1) % N])
                              + 0.01f * want[i] * (1.0f - want[i]));
      for (long i = 0; i < N; i++)
        want[i] = scratch[i];
    }
  long wrong = 0;
  for (long i = 0; i < N; i++)
    wrong += fabsf (host[i] - want[i]) > 1e-4f;
  printf ("heat after %d steps: u[0] = %.4f, u[%d] = %.4f, %ld wrong\n", STEPS,
          host[0], SHOWN, host[SHOWN], wrong);
  cuda_free (u);
  cuda_free (next);
  return wrong != 0;
}
