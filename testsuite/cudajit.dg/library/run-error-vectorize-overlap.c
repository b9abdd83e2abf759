/* cuda_vectorize whose output overlaps an input in part is an error at
   the launch, on the GPU and on the CPU backend alike: on a GPU each
   element would see the input's old value, on the CPU backend the one
   just written.  The output as one of the inputs, at the same place, is
   allowed, and computes alike on both.  */
/* { dg-do run } */
/* { dg-shouldfail "overlaps the output" } */

#include <cudajit.h>
#include <stdio.h>

static float
plus_one (float x)
{
  return x + 1;
}

int
main (void)
{
  enum
  {
    N = 64
  };
  float *d = cuda_device_array ((N + 1) * sizeof (float));
  float h[N + 1];

  for (int i = 0; i <= N; i++)
    h[i] = i;
  cuda_copy_to_device (d, h, sizeof h);
  /* In place: allowed.  */
  cuda_vectorize (plus_one, N) (d, d);
  cuda_copy_to_host (h, d, sizeof h);
  printf ("in place: %g %g\n", h[0], h[N - 1]);
  fflush (stdout);
  /* Shifted by one element: refused.  */
  cuda_vectorize (plus_one, N) (d + 1, d);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "in place: 1 64\n" } */
/* { dg-output "cudajit: error: kernel '\[^'\]*' launched at \[^\n\]*run-error-vectorize-overlap.c:37: argument 3, 'x', overlaps the output, argument 2, 'out', in part \\(it starts 4 bytes before it\\)" } */
/* { dg-cudajit-levels all } */
