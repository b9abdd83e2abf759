// SPDX-License-Identifier: GPL-3.0-or-later
// Kernels, device functions and shared arrays in C++: loaded by g++, the
// plugin says on each one's line that kernels are written in C, rather
// than GCC that it ignores the attribute.  cxx.exp reads the expected
// errors from the comments.
#include <cudajit.h>

__attribute__ ((cuda_jit)) void kernel (int *x); // error: kernels can be written only in C, not C\+\+: the 'cuda_jit' attribute is for C files compiled by gcc with the plugin
[[gnu::cuda_jit ("fastmath")]] void fast (float *x); // error: kernels can be written only in C, not C\+\+: the 'cuda_jit' attribute
__attribute__ ((cuda_device)) int helper (int x); // error: kernels can be written only in C, not C\+\+: the 'cuda_device' attribute

void
shared (int *x)
{
  static int tile[32] __attribute__ ((cuda_shared)); // error: kernels can be written only in C, not C\+\+: the 'cuda_shared' attribute
  tile[0] = x[0];
  x[1] = tile[0];
}
