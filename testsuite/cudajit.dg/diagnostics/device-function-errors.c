/* What a kernel may not call, and a function called from a kernel that
   cannot be compiled for the GPU: its errors, and a note at the call.  */
/* { dg-do compile } */

#include <cudajit.h>
#include <stdio.h>

int counter;

static int
uses_global (int x)
{
  return x + counter; /* { dg-error "kernel uses global variable 'counter'" } */
}

double
public_helper (double x)
{
  return x * 2;
}

static int later_bad (int x);

__attribute__ ((cuda_jit)) void
kernel (int *a)
{
  a[0] = uses_global (a[1]); /* { dg-message "'uses_global', called from 'kernel' here, cannot be compiled for the GPU" } */
  a[2] = public_helper (a[3]); /* { dg-error "kernel calls 'public_helper', which is not available on the GPU; mark it '__attribute__ \\(\\(cuda_device\\)\\)'" } */
  a[6] = later_bad (a[7]); /* { dg-message "'later_bad', called from 'kernel' here" } */
}

static int
later_bad (int x)
{
  puts ("host only"); /* { dg-error "kernel calls 'puts', which is not available on the GPU" } */
  /* { dg-error "string literals are not supported" "" { target *-*-* } 35 } */
  return x;
}
