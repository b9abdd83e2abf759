/* The CUDA C of a kernel leaves room for its variants: the integer
   parameters it never writes are received under other names and copied
   into constants, which a variant's #define replaces; a written one, a
   pointer and a float stay as they are; the head has the launch bounds'
   macro and the pointers the restrict's, empty in the generic code.
   NVRTC compiles the text as a variant too (--variant).  */
/* { dg-do compile } */
/* { dg-nvrtc-options "--variant" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
stencil (int n, const float *in, float *out, long stride, float scale,
         unsigned char step, int written)
{
  long i = cuda_grid_x ();
  written += step;
  for (int k = 0; k < blockDim.x && i < n; k += 32)
    out[i] = in[i * stride] * scale + written + k;
}

__attribute__ ((cuda_jit ("specialize=m"))) void
named (int n, int *out, int m)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = m;
}

__attribute__ ((cuda_jit ("specialize=0"))) void
off (int n, int *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = 1;
}

struct view
{
  int *data;
};

/* A structure may hold a pointer to any array: no __restrict__.  */
__attribute__ ((cuda_jit)) void
viewed (struct view v, int *out)
{
  out[threadIdx.x] = v.data[threadIdx.x];
}

/* Structures of numbers hold no pointer: an array of them, or one passed
   by value, leaves the pointers __restrict__; an array of structures
   that hold pointers does not.  */
struct point
{
  float x, y;
  int tag[2];
};

__attribute__ ((cuda_jit)) void
points (const struct point *p, float *out, struct point origin)
{
  out[threadIdx.x] = p[threadIdx.x].x - origin.x;
}

__attribute__ ((cuda_jit)) void
views (const struct view *v, int *out)
{
  out[threadIdx.x] = v[threadIdx.x].data[0];
}

/* A loop that counts up from a constant to a parameter that variants
   take as a constant is unrolled whole in a variant, if that constant is
   small; not one that starts at a thread's index, one whose counter its
   body changes, nor one bound by a parameter that stays generic.  */
__attribute__ ((cuda_jit)) void
loops (int *out, int m, int k, float x)
{
  int s = 0;
  for (int a = 0; a < m; a++)
    s += a;
  for (int b = threadIdx.x; b < k; b++)
    s += b;
  for (int c = 0; c < k; c++)
    c += s & 1;
  for (int d = 0; d < x; d++)
    s += d;
  out[threadIdx.x] = s;
}

__attribute__ ((cuda_jit ("specialize=0"))) void
loops_off (int *out, int m)
{
  int s = 0;
  for (int a = 0; a < m; a++)
    s += a;
  out[threadIdx.x] = s;
}

enum mode
{
  ADD,
  SUBTRACT
};

/* Every kind of integer: their constants are cast to their types.  */
__attribute__ ((cuda_jit)) void
kinds (long *out, _Bool flag, enum mode mode, short s, unsigned long long u,
       signed char c)
{
  long v = flag ? s : c;
  out[threadIdx.x] = mode == ADD ? v + u : v - u;
}

typedef unsigned int count;

/* A qualified parameter is copied unqualified, a typedef kept; a volatile
   one and a restrict pointer stay as they are.  */
__attribute__ ((cuda_jit)) void
qualified (const int n, count c, volatile int v, int *restrict out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = c + v;
}

/* { dg-final { scan-cuda "qualified \\(const int _cjParam0, count _cjParam1, volatile int v, int \\*__restrict__ out\\)" } } */
/* { dg-final { scan-cuda "const int n = \\(int\\) \\(_cjParam0\\);" } } */
/* { dg-final { scan-cuda "const count c = \\(count\\) \\(_cjValue1\\);" } } */
/* { dg-final { scan-cuda "const bool flag = \\(bool\\) \\(_cjValue1\\);" } } */
/* { dg-final { scan-cuda "const unsigned long long u = \\(unsigned long long\\) \\(_cjValue4\\);" } } */
/* { dg-final { scan-cuda "extern \"C\" __global__ void _cjLaunchBounds\nstencil \\(int _cjParam0, const float \\*_cjRestrict in, float \\*_cjRestrict out, long _cjParam3, float scale, unsigned char _cjParam5, int written\\)" } } */
/* { dg-final { scan-cuda "#ifdef _cjValue0\n  const int n = \\(int\\) \\(_cjValue0\\);\n#else\n  const int n = \\(int\\) \\(_cjParam0\\);\n#endif" } } */
/* { dg-final { scan-cuda "const long stride = \\(long\\) \\(_cjValue3\\);" } } */
/* { dg-final { scan-cuda "const unsigned char step = \\(unsigned char\\) \\(_cjParam5\\);" } } */
/* { dg-final { scan-cuda-not "_cjParam6" } } */
/* { dg-final { scan-cuda "named \\(int n, int \\*_cjRestrict out, int _cjParam2\\)" } } */
/* { dg-final { scan-cuda "off \\(int n, int \\*_cjRestrict out\\)" } } */
/* { dg-final { scan-cuda "viewed \\(struct view v, int \\*out\\)" } } */
/* { dg-final { scan-cuda "points \\(const struct point \\*_cjRestrict p, float \\*_cjRestrict out, struct point origin\\)" } } */
/* { dg-final { scan-cuda "views \\(const struct view \\*v, int \\*out\\)" } } */
/* { dg-final { scan-cuda "\n#if defined \\(_cjValue1\\) && _cjValue1 <= 64\n#pragma unroll\n#endif\n#line \[0-9\]+ \"\[^\"\]*\"\n  for \\(; \\(a < m\\); " } } */
/* { dg-final { scan-cuda-times "#pragma unroll" 1 } } */
/* { dg-final { scan-cuda "#ifndef _cjLaunchBounds\n#define _cjLaunchBounds\n#endif" } } */
