/* cuda_reduce's errors at the call, each on the line of the call, each
   once.  */
/* { dg-do compile } */

#include <cudajit.h>

enum colour
{
  RED,
  GREEN
};

static double
mixed (float a, double b)
{
  return a + b;
}

static double
three (double a, double b, double c)
{
  return a + b + c;
}

static enum colour
brighter (enum colour a, enum colour b)
{
  return a > b ? a : b;
}

static double
sum (double a, double b)
{
  return a + b;
}

double public_sum (double a, double b);

__attribute__ ((cuda_jit)) void
kernel (double *x)
{
  x[0] = cuda_reduce (sum, x, 4); /* { dg-error "'cuda_reduce' cannot be used in a kernel" } */
}

double
host (double *x, float *floats, enum colour *colours, long n)
{
  double s = 0;
  s += cuda_reduce (mixed, x, n); /* { dg-error "'cuda_reduce' needs a function 'T f \\(T, T\\)' for an integer or floating type T; 'mixed' is 'double\\(float, *double\\)'" } */
  s += cuda_reduce (three, x, n); /* { dg-error "too few arguments to function 'three'" } */
  s += cuda_reduce (brighter, colours, n); /* { dg-error "'brighter' is 'enum colour\\(enum colour, *enum colour\\)'" } */
  s += cuda_reduce (sum, floats, n); /* { dg-error "the array of 'cuda_reduce' holds 'float', but 'sum' folds 'double'" } */
  s += cuda_reduce (public_sum, x, n); /* { dg-error "'public_sum' cannot be compiled for the GPU" } */
  return s;
}
