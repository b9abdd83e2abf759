/* The files of cuda_jit ("link=FILE") are found as #include "FILE" is,
   and must be CUDA C, PTX, a cubin or a fat binary: a missing one, and
   one of another kind, are errors at the kernel.  */
/* { dg-do compile } */

#include <cudajit.h>

extern __attribute__ ((cuda_device)) float f (float);

__attribute__ ((cuda_jit ("link=units/no-such-file.cu"))) void
missing (float *a) /* { dg-error "cannot find 'units/no-such-file.cu', which kernel option 'link=units/no-such-file.cu' links: it is looked for as '#include \"units/no-such-file.cu\"' is" } */
{
  a[0] = f (a[0]);
}

__attribute__ ((cuda_jit ("link=units/axpb.h"))) void
not_cuda (float *a) /* { dg-error "kernel option 'link=units/axpb.h' names no file that a kernel links: CUDA C \\('.cu'\\), compiled with it by NVRTC, or code for the driver to link \\('.ptx', '.cubin', '.fatbin'\\)" } */
{
  a[0] = f (a[0]);
}

#pragma cudajit link "units/no-such-file.cu" /* { dg-error "cannot find 'units/no-such-file.cu'" } */
#pragma cudajit link units/helpers.cu /* { dg-error "'#pragma cudajit link' takes a file name in quotes" } */
