/* A function that returns a value is no kernel, whatever it is marked:
   launching it is an error at the launch, not at run time.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) int
device_function (int *out)
{
  return out[0];
}

int
host_function (int *out)
{
  return out[0];
}

void
launches (int *out, int (*pointer) (int *), void (*void_pointer) (int *))
{
  cuda_launch (device_function, 1, 1) (out); /* { dg-error "'cuda_launch' launches 'device_function', which returns 'int' and so is not a kernel: a kernel is a 'void' function marked '__attribute__ \\(\\(cuda_jit\\)\\)'" } */
  cuda_launch (host_function, 1, 1) (out); /* { dg-error "'cuda_launch' launches 'host_function', which returns 'int' and so is not a kernel" } */
  cuda_forall (device_function, 64) (out); /* { dg-error "'cuda_forall' launches 'device_function', which returns 'int' and so is not a kernel" } */
  cuda_launch (pointer, 1, 1) (out); /* { dg-error "'cuda_launch' launches 'pointer', which returns 'int' and so is not a kernel" } */
  cuda_forall (void_pointer, 64) (out); /* { dg-error "'cuda_forall' needs the name of a kernel" } */
}
