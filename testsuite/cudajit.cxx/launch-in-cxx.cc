// SPDX-License-Identifier: GPL-3.0-or-later
// The macros of cudajit.h that launch kernels, in C++: each is one error
// on its line that names it and says that kernels and their launches are
// written in C, rather than the errors of the C inside it (_Generic).
// With or without the plugin, in C++98 too.  cxx.exp reads the expected
// errors from the comments.
#include <cudajit.h>

extern "C" void kernel (int *x);

static double
add (double a, double b)
{
  return a + b;
}

static void
twice (double *x)
{
  x[0] *= 2;
}

void
launches (int *x, double *d, long n)
{
  cuda_launch (kernel, 1, 32) (x); // error: cuda_launch cannot be used in C\+\+: kernels and their launches are written in C, compiled by gcc with the plugin; call a C function that launches the kernel
  cuda_forall (kernel, n) (x); // error: cuda_forall cannot be used in C\+\+
  cuda_vectorize (add, n) (d, d, d); // error: cuda_vectorize cannot be used in C\+\+
  cuda_guvectorize (twice, n) (d); // error: cuda_guvectorize cannot be used in C\+\+
  d[0] = cuda_reduce (add, d, n); // error: cuda_reduce cannot be used in C\+\+
}
