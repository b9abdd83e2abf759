/* cuda_syncthreads in the initializer of a local variable, in a comma
   expression and in a statement expression: every thread of the block
   waits there, on the CPU backend too, where the barrier hides in the
   declaration from GCC's tree walks.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  block = 64
};

__attribute__ ((cuda_jit)) void
mirror (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int s[block];
  int t = threadIdx.x;
  s[t] = t * 3;
  int first = (cuda_syncthreads (), s[block - 1 - t]);
  int second = ({
    cuda_syncthreads ();
    s[t] = first + 1;
    cuda_syncthreads ();
    s[(t + 1) % block];
  });
  out[blockIdx.x * block + t] = second;
}

int
main (void)
{
  enum
  {
    blocks = 3,
    n = blocks * block
  };
  int out[n], errors = 0;

  cuda_launch (mirror, blocks, block) (n, out);
  for (int i = 0; i < n; i++)
    errors += out[i] != (block - 1 - (i + 1) % block) * 3 + 1;
  printf ("barriers in initializers: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "barriers in initializers: 0 errors\n" } */
/* { dg-cudajit-levels all } */
