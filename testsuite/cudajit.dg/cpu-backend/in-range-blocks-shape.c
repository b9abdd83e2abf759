/* The CPU backend's block function has a version for the blocks whose
   threads all pass the kernel's comparisons of the global index in
   expressions (i < n ? x[i] : 0, and a guard that cannot bound a loop),
   with those comparisons true; not the comparisons that the cut at a
   shuffle writes, whose test of the lane it reads stays in both
   versions; and none for a kernel whose only comparison is a guard that
   bounds its loop, which costs nothing already.  Its run test is
   run-in-range-blocks.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-original" } */

#include <cudajit.h>

#define FULL 0xffffffffu

__attribute__ ((cuda_jit)) void
shifted (long n, const float *x, float *y)
{
  long i = cuda_grid_x ();
  float v = i < n ? x[i] : 0;
  float w = cuda_shfl_down_sync (FULL, v, 1);
  if (i < n)
    y[i] = v + w;
}

__attribute__ ((cuda_jit)) void
guarded (long n, const float *x, float *y)
{
  long i = cuda_grid_x ();
  if (i < n)
    y[i] = x[i] * 3;
}

/* The kernel's comparisons, true in the version for whole blocks.  */
/* { dg-final { scan-host-original-times "= 1 \\? " 1 } } */
/* { dg-final { scan-host-original-times "if \\(1\\)\\s+.\\s+\\*\\(arg" 1 } } */
/* The shuffle's test of its lane in both versions, each of which
   prints it twice, in the declaration of W and in its scope.  */
/* { dg-final { scan-host-original-times "MIN_EXPR <lanes, 32> \\?" 4 } } */
/* The guarded kernel: itself, and its block function, once.  */
/* { dg-final { scan-host-original-times "\\* 3.0e\\+0" 2 } } */
