/* The CUDA C that the plugin prints, pinned: a structure with its layout
   checks, a field renamed out of the user's names, an operator from the
   table, an atomic by the prelude's name for its type, and only the
   prelude's parts that are used.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair { int class; float value; };

__attribute__((cuda_jit)) void
count_classes (struct pair *p, int *count, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    {
      p[i].class = i % 3;
      cuda_atomic_add (count, 1);
    }
}

/* { dg-final { scan-cuda "CUDAJIT_LAYOUT \\(struct pair, 8, 4\\);" } } */
/* { dg-final { scan-cuda "CUDAJIT_OFFSET \\(struct pair, _cjclass, 0\\);" } } */
/* { dg-final { scan-cuda "CUDAJIT_OFFSET \\(struct pair, value, 4\\);" } } */
/* { dg-final { scan-cuda "\\._cjclass = \\(i % 3\\)\\)" } } */
/* { dg-final { scan-cuda "cudajit_atomic_add_int \\(count, 1\\);" } } */
/* { dg-final { scan-cuda-not "class_cj" } } */
/* { dg-final { scan-cuda-times "extern \"C\" __global__ void _cjLaunchBounds\\ncount_classes \\(" 1 } } */
/* { dg-final { scan-cuda-times "#define CUDAJIT_PART_atomics" 1 } } */
/* { dg-final { scan-cuda-not "CUDAJIT_PART_(warp|float_compare|assert|overflow)" } } */
