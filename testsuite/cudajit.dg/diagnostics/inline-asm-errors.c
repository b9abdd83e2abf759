/* Inline PTX is only where the CPU backend has C to run instead: in the
   branch of if (cuda_on_gpu ()) whose else branch is not empty.  Each
   other asm is refused on its own line, in kernels and device
   functions.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) static int
lane (void)
{
  int l;
  __asm__ volatile ("mov.u32 %0, %%laneid;" : "=r"(l)); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead: write .if \\(cuda_on_gpu \\(\\)\\) \\{ asm ...; \\} else \\{ C ... \\}., whose else branch is not empty" } */
  return l;
}

__attribute__ ((cuda_jit)) void
no_else (int *out)
{
  int i = cuda_grid_x (), sum = i;
  if (cuda_on_gpu ())
    __asm__ ("add.u32 %0, %1, %1;" : "=r"(sum) : "r"(i)); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead" } */
  out[i] = sum + lane ();
}

__attribute__ ((cuda_jit)) void
empty_else (int *out)
{
  int i = cuda_grid_x (), sum = i;
  if (cuda_on_gpu ())
    __asm__ ("add.u32 %0, %1, %1;" : "=r"(sum) : "r"(i)); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead" } */
  else
    {
    }
  out[i] = sum;
}

__attribute__ ((cuda_jit)) void
other_condition (int *out, int n)
{
  int i = cuda_grid_x (), sum = i;
  if (n > 0)
    __asm__ ("add.u32 %0, %1, %1;" : "=r"(sum) : "r"(i)); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead" } */
  else
    sum = 2 * i;
  out[i] = sum;
}

__attribute__ ((cuda_jit)) void
in_else (int *out)
{
  int i = cuda_grid_x (), sum = i;
  if (cuda_on_gpu ())
    sum = 2 * i;
  else
    __asm__ ("add.u32 %0, %1, %1;" : "=r"(sum) : "r"(i)); /* { dg-error "inline assembly in a kernel needs the C that the CPU backend runs instead" } */
  out[i] = sum;
}

/* cuda_on_gpu is for kernels and device functions.  */
int
host (void)
{
  return cuda_on_gpu (); /* { dg-error "'cuda_on_gpu' used outside a kernel" } */
}
