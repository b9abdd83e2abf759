/* An array whose elements are not of the type that cuda_reduce's
   function folds, where C converts each element to its parameters: the
   error says the two types, not that the array has side effects.  */
/* { dg-do compile } */

#include <cudajit.h>

static double
add (double a, double b)
{
  return a + b;
}

static int
add_ints (int a, int b)
{
  return a + b;
}

static _Bool
either (_Bool a, _Bool b)
{
  return a || b;
}

static float
add_floats (float a, float b)
{
  return a + b;
}

double
host (int *ints, double *doubles, long n)
{
  int local[4] = { 1, 2, 3, 4 };
  double s = 0;
  s += cuda_reduce (add, ints, n); /* { dg-error "the array of 'cuda_reduce' holds 'int', but 'add' folds 'double': the elements must be of the type of its parameters" } */
  s += cuda_reduce (add_ints, doubles, n); /* { dg-error "the array of 'cuda_reduce' holds 'double', but 'add_ints' folds 'int'" } */
  s += cuda_reduce (either, ints, n); /* { dg-error "the array of 'cuda_reduce' holds 'int', but 'either' folds '(_Bool|bool)'" } */
  s += cuda_reduce (add_floats, doubles, n); /* { dg-error "the array of 'cuda_reduce' holds 'double', but 'add_floats' folds 'float'" } */
  s += cuda_reduce (add, local, 4); /* { dg-error "the array of 'cuda_reduce' holds 'int', but 'add' folds 'double'" } */
  s += cuda_reduce (add, doubles++, n); /* { dg-error "'cuda_reduce' needs an array without side effects, which it evaluates more than once" } */
  return s;
}
