/* What a kernel's declaration must be.  */
/* { dg-do compile } */
/* In C23, GCC 15's default, () is a prototype.  */
/* { dg-options "-O2 -Wall -std=gnu17" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) int returns_int (int *a) /* { dg-error "kernel 'returns_int' must return 'void'" } */
{
  a[0] = 1;
  return 1;
}

int not_a_function __attribute__ ((cuda_jit)); /* { dg-error "'cuda_jit' attribute applies only to functions" } */

__attribute__ ((cuda_jit)) void variadic (int n, ...) /* { dg-error "must have a prototype with a fixed list of parameters" } */
{
}

__attribute__ ((cuda_jit)) void unprototyped () /* { dg-error "must have a prototype with a fixed list of parameters" } */
{
}
