/* The first launch of one of a unit's kernels compiles that kernel alone,
   and cudajit-inspect compiles a kernel as that launch does: whatever
   the kernels share (a type, a table of constants, a function that the
   plugin copies into each, a device function), each one's CUDA C
   compiles by itself, without the others', which NVRTC is not given at
   all.  With --unit, it prints the whole unit's.  */
/* { dg-do assemble } */
/* { dg-options "-O2" } */

#include <cudajit.h>

struct point
{
  float x, y;
};

static const float weights[4] = { 0.5f, 0.25f, 0.125f, 0.125f };

static float
weigh (struct point p, int i)
{
  return weights[i % 4] * (p.x + p.y);
}

__attribute__ ((cuda_device)) float
norm1 (struct point p)
{
  return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y);
}

__attribute__ ((cuda_jit)) void
first (struct point *p, float *out, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = weigh (p[i], i);
}

__attribute__ ((cuda_jit)) void
second (struct point *p, float *out, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = weigh (p[i], i + 1) + norm1 (p[i]);
}

__attribute__ ((cuda_jit)) void
third (struct point *p, int n)
{
  int i = cuda_grid_x ();
  if (i < n)
    p[i].x = norm1 (p[i]);
}

/* { dg-final { inspect "first --resources" "Compiling entry function 'first'" } } */
/* { dg-final { inspect-not "first --resources" "entry function '(second|third)'" } } */
/* { dg-final { inspect "second --resources" "Compiling entry function 'second'" } } */
/* { dg-final { inspect-not "second --resources" "entry function '(first|third)'" } } */
/* { dg-final { inspect "third --resources" "Compiling entry function 'third'" } } */
/* { dg-final { inspect-not "third --resources" "entry function '(first|second)'" } } */
/* { dg-final { inspect-not "--cuda first" "(second|third) \\(" } } */
/* { dg-final { inspect "--cuda first" "norm1 \\(" } } */
/* { dg-final { inspect "--unit first" "\nfirst \\(" } } */
/* { dg-final { inspect "--unit first" "\nsecond \\(" } } */
/* { dg-final { inspect "--unit first" "\nthird \\(" } } */
