/* Kernels are launched with cuda_launch, and only kernels are.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[threadIdx.x] = 1;
}

void
host (int *out)
{
  out[0] = 1;
}

void
launches (int *out, void (*pointer) (int *))
{
  kernel (out); /* { dg-error "kernel 'kernel' is called like a function; launch it with 'cuda_launch \\(kernel, grid, block\\) \\(...\\)'" } */
  cuda_launch (host, 1, 1) (out); /* { dg-error "'host' is launched with 'cuda_launch' but is not a kernel" } */
  cuda_launch (pointer, 1, 1) (out); /* { dg-error "'cuda_launch' needs the name of a kernel" } */
  cuda_launch (kernel, 1, 32) (out);
}

/* Through its address, a kernel would run as a host function.  */
void (*kernel_pointer) (int *) = kernel; /* { dg-error "the address of kernel 'kernel' cannot be taken; launch it with 'cuda_launch \\(kernel, grid, block\\) \\(...\\)'" } */

void
takes_addresses (int *out, void (**pointer) (int *))
{
  void (*local) (int *) = &kernel; /* { dg-error "the address of kernel 'kernel' cannot be taken" } */
  static void (*saved) (int *) = kernel; /* { dg-error "the address of kernel 'kernel' cannot be taken" } */
  *pointer = kernel; /* { dg-error "the address of kernel 'kernel' cannot be taken" } */
  local (out);
  saved (out);
}
