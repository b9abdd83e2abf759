/* The CUDA C gives each statement the user's C line with #line, so that
   NVRTC's messages, compute-sanitizer, cuda-gdb and Nsight name it: the
   kernel's head, the declarations of its variables, a statement of a
   macro at the macro's use, the statements of a branch and of a loop's
   body, and no #line where the next line has the right one already.  */
/* { dg-do compile } */

#include <cudajit.h>

#define RETURN_UNLESS(c) if (!(c)) return

__attribute__ ((cuda_jit)) void
scale (float *x, int n)
{
  int i = cuda_grid_x ();
  RETURN_UNLESS (i < n);
  if (i % 2)
    x[i] *= 2;
  else
    {
      x[i] = 0;
    }
  for (int j = 0; j < 3; j++)
    x[i] += j;
}

/* { dg-final { scan-cuda "#line 13 \"\[^\"\]*cuda-line-markers.c\"\nextern \"C\" __global__ void _cjLaunchBounds\nscale \\(" } } */
/* { dg-final { scan-cuda "#line 15 \"\[^\"\]*cuda-line-markers.c\"\n  int i;\n#line 23 \"\[^\"\]*cuda-line-markers.c\"\n  int j;\n" } } */
/* { dg-final { scan-cuda "#line 15 \"\[^\"\]*cuda-line-markers.c\"\n  i = \\(\\(int\\) cuda_grid_x \\(\\)\\);\n  if \\(\\(i >= n\\)\\)\n" } } */
/* { dg-final { scan-cuda "#line 18 \"\[^\"\]*cuda-line-markers.c\"\n    \\(\\(x\\\[i\\\]\\) = \\(\\(x\\\[i\\\]\\) \\*" } } */
/* { dg-final { scan-cuda "#line 21 \"\[^\"\]*cuda-line-markers.c\"\n    \\(\\(x\\\[i\\\]\\) = 0x0.0p\\+0f\\);" } } */
/* { dg-final { scan-cuda "#line 24 \"\[^\"\]*cuda-line-markers.c\"\n    \\(\\(x\\\[i\\\]\\) = \\(\\(x\\\[i\\\]\\) \\+ \\(\\(float\\) j\\)\\)\\);" } } */
/* { dg-final { scan-cuda-times "#line" 10 } } */
