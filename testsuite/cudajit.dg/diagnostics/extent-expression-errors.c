/* An extent that a parameter computes from the others is computed again
   by each launch from its arguments: a call or an assignment in it, which
   would run on the host too, or what the host cannot read there, is an
   error on the parameter's line, for a kernel only declared too; the
   operators of C on the parameters and constants are not.  */
/* { dg-do compile } */

#include <cudajit.h>

static __attribute__ ((cuda_device)) int
twice (int n)
{
  return 2 * n;
}

static const int width = 64;

__attribute__ ((cuda_jit)) void
incremented (int n, float x[n++]) /* { dg-error "the extent of parameter 'x' of kernel 'incremented' has a side effect, 'n\\+\\+'; each launch computes it from its arguments, with the parameters of the kernel, constants and operators, but no call or assignment" } */
{
  x[0] = 1;
}

__attribute__ ((cuda_jit)) void
called (int n,
        float x[twice (n)]) /* { dg-error "extent of parameter 'x' of kernel 'called' has a side effect, 'twice ?\\(n\\)'" } */
{
  x[0] = 1;
}

__attribute__ ((cuda_jit)) void
assigned (int n, int m,
          float x[n = m]) /* { dg-error "extent of parameter 'x' of kernel 'assigned' has a side effect, 'n = m'" } */
{
  x[0] = 1;
}

__attribute__ ((cuda_jit)) void
declared (int n, float a[4], float x[n][twice (n) + 1]); /* { dg-error "extent of parameter 'x' of kernel 'declared' has a side effect" } */

__attribute__ ((cuda_jit)) void
read (const int *p, float x[*p]) /* { dg-error "the extent of parameter 'x' of kernel 'read' uses '\\*p', which a launch cannot compute from its arguments; an extent may use the integer and floating parameters of the kernel, constants and operators" } */
{
  x[0] = 1;
}

__attribute__ ((cuda_jit)) void
computed (int n, unsigned int u, long l, double f, float a[n / 256],
          const float b[2 * n], float c[n][u % 7 + width],
          float d[l < 0 ? -l : l << 2], float e[(int) (f * n) ^ ~n],
          float g[sizeof (float) * n - (n >> 1) + (n & 3) + (n | 1)])
{
  a[0] = b[0] + c[0][0] + d[0] + e[0] + g[0];
}

void
launch (float *p, void *rows)
{
  cuda_launch (declared, 1, 1) (1, p, rows);
  cuda_launch (computed, 1, 1) (1, 2u, 3L, 4.0, p, p, rows, p, p, p);
}
