/* A static function that a kernel calls must be defined in the kernel's
   translation unit; a public device function may be defined in another
   (run-device-function-other-unit.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-unused" } */

#include <cudajit.h>

static float defined_elsewhere (float x);

__attribute__ ((cuda_jit)) void
kernel (float *a)
{
  a[0] = defined_elsewhere (a[1]); /* { dg-error "'defined_elsewhere' is called from 'kernel' but not defined in this translation unit" } */
}
/* { dg-warning "used but never defined" "" { target *-*-* } 9 } */
