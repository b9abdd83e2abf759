/* cuda_vectorize's errors at the call, each on the line of the call.  */
/* { dg-do compile } */

#include <cudajit.h>

struct pair
{
  float a, b;
};

static float
scale (float x, float factor)
{
  return x * factor;
}

static float
first (const float *x)
{
  return x[0];
}

static struct pair
make_pair (float a)
{
  struct pair p = { a, a };
  return p;
}

static void
nothing (float x)
{
  (void) x;
}

static float
sum (int count, ...)
{
  return count;
}

float public_function (float x);

__attribute__ ((cuda_jit)) void
kernel (float *x)
{
  x[0] = 1;
  cuda_vectorize (scale, 1) (x, x, 2.0f); /* { dg-error "'cuda_vectorize' cannot be used in a kernel" } */
}

void
host (float *x, float *out, double *wrong, const float *read_only,
      struct pair *pairs, struct pair pair, float **pointers, long n)
{
  cuda_vectorize (scale, n) (out, x); /* { dg-error "'cuda_vectorize' of 'scale' takes the output and 2 arguments, but is given 1" } */
  cuda_vectorize (scale, n) (out, x, 2, 3); /* { dg-error "takes the output and 2 arguments, but is given 3" } */
  cuda_vectorize (scale, n) (); /* { dg-error "takes the output and 2 arguments, but is given 0" } */
  cuda_vectorize (scale, n) (wrong, x, 2); /* { dg-error "the output of 'cuda_vectorize' of 'scale' is 'double \\*'; it must point to 'float', the result of 'scale'" } */
  cuda_vectorize (scale, n) (read_only, x, 2); /* { dg-error "the output of 'cuda_vectorize' of 'scale' is 'const float \\*'" } */
  cuda_vectorize (scale, n) (1.5f, x, 2); /* { dg-error "the output of 'cuda_vectorize' of 'scale' is 'double'" } */
  cuda_vectorize (scale, n) (out, pairs, 2); /* { dg-error "argument 1 of 'cuda_vectorize' of 'scale' is 'struct pair \\*'; it must point to scalars or be one" } */
  cuda_vectorize (scale, n) (out, x, pair); /* { dg-error "argument 2 of 'cuda_vectorize' of 'scale' is 'struct pair'" } */
  cuda_vectorize (scale, n) (out, pointers, 2); /* { dg-error "argument 1 of 'cuda_vectorize' of 'scale' is 'float \\*\\*'" } */
  cuda_vectorize (first, n) (out, x); /* { dg-error "parameter 1 of 'first' is 'const float \\*'; 'cuda_vectorize' needs a function whose parameters are scalars" } */
  cuda_vectorize (make_pair, n) (out, x); /* { dg-error "'make_pair' returns 'struct pair'; 'cuda_vectorize' needs a function whose result is a scalar" } */
  cuda_vectorize (nothing, n) (out, x); /* { dg-error "'nothing' returns 'void'" } */
  cuda_vectorize (sum, n) (out, 1, x); /* { dg-error "'sum' has no fixed list of parameters; 'cuda_vectorize' needs a prototype" } */
  cuda_vectorize (public_function, n) (out, x); /* { dg-error "'public_function' cannot be compiled for the GPU; mark it '__attribute__ \\(\\(cuda_device\\)\\)' or make it static" } */
  cuda_vectorize (kernel, n) (out, x); /* { dg-error "'cuda_vectorize' applies a function, not the kernel 'kernel'" } */
  cuda_vectorize (x, n) (out, x); /* { dg-error "'cuda_vectorize' needs the name of a function" } */
  cuda_vectorize (scale, n, .block = 128) (out, x, 2); /* { dg-error "'cuda_vectorize' takes '.stream', not '.block'" } */
}
