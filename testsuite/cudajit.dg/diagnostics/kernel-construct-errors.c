/* GNU C constructs outside the subset.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
inline_asm (int *out)
{
  __asm__ volatile ("nop"); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead" } */
  out[0] = 1;
}

__attribute__ ((cuda_jit)) void
string_literal (int *out)
{
  const char *s = "text"; /* { dg-error "string literals are not supported in a kernel" } */
  out[0] = s[0];
}

__attribute__ ((cuda_jit)) void
computed_goto (int *out, int n)
{
  void *target = n ? &&one : &&two; /* { dg-error "label addresses are not supported in a kernel" } */
  goto *target; /* { dg-error "computed gotos are not supported in a kernel" } */
one:
  out[0] = 1;
two:
  out[1] = 2;
}

__attribute__ ((cuda_jit)) void
builtin_struct (unsigned int *out)
{
  cuda_uint3 index = threadIdx; /* { dg-error "'threadIdx' can be used in a kernel only through its fields 'x', 'y' and 'z'" } */
  out[0] = index.x;
}
