/* A device function must be defined in the kernel's translation unit.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) float defined_elsewhere (float x);

__attribute__ ((cuda_jit)) void
kernel (float *a)
{
  a[0] = defined_elsewhere (a[1]); /* { dg-error "'defined_elsewhere' is called from 'kernel' but not defined in this translation unit" } */
}
