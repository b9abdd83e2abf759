/* Types outside the subset, at the declaration that uses them.  */
/* { dg-do compile } */

#include <cudajit.h>

struct point
{
  float x, y;
};

typedef float float4 __attribute__ ((vector_size (16)));

__attribute__ ((cuda_jit)) void
long_double_param (long double *a) /* { dg-error "parameter 'a' has type 'long double \\*', which is not supported in a kernel" } */
{
}

struct with_bits
{
  unsigned int low : 4, high : 4;
};

struct __attribute__ ((packed)) packed
{
  char c;
  int i;
};

__attribute__ ((cuda_jit)) void
bit_fields (struct with_bits b, float *out) /* { dg-error "parameter 'b' has type 'struct with_bits'" } */
{
}

__attribute__ ((cuda_jit)) void
packed_struct (struct packed *p) /* { dg-error "parameter 'p' has type 'struct packed \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
function_pointer (void (*f) (void)) /* { dg-error "parameter 'f' has type 'void \\(\\*\\)\\(void\\)'" } */
{
}

__attribute__ ((cuda_jit)) void
locals (double *out, int n)
{
  long double ld = out[0]; /* { dg-error "local variable 'ld' has type 'long double'" } */
  _Complex double z = 1; /* { dg-error "local variable 'z' has type 'complex double'" } */
  __int128 wide = n; /* { dg-error "local variable 'wide' has type '__int128'" } */
  float4 v = { 1, 2, 3, 4 }; /* { dg-error "local variable 'v' has type 'float4'" } */
  int array[4];
  int vla[n]; /* { dg-error "variable-length array 'vla' cannot be declared in a kernel; a local array needs a constant size" } */
  array[0] = vla[0] = 1;
  out[0] = ld * 2 + wide;
  out[1] = array[0];
  (void) z;
  (void) v;
}

__attribute__ ((cuda_jit)) void
long_double_cast (double *out)
{
  out[0] = (long double) out[1] * 2; /* { dg-error "type 'long double' is not supported in a kernel" } */
}

__attribute__ ((cuda_jit)) void
array_compound_literals (double *out)
{
  out[0] = ((long double[2]){ 1, 2 })[1]; /* { dg-error "type 'long double' is not supported in a kernel" } */
  out[1] = *(int[]){}; /* { dg-error "type 'int\\\[0\\\]' is not supported in a kernel" } */
}

/* CUDA C++ copies no volatile structure as a whole; their fields are
   fine.  */
struct pair { int a, b; };
struct holder { volatile struct pair p; };
static int sum (struct pair p) { return p.a + p.b; }

__attribute__ ((cuda_jit)) void
volatile_structures (int *out, volatile struct pair *shared, struct holder *h)
{
  volatile struct pair local = { 1 };
  struct pair copy = local; /* { dg-error "volatile structures and unions cannot be copied as a whole in a kernel; copy their fields" } */
  *shared = copy; /* { dg-error "volatile structures and unions cannot be copied" } */
  struct holder outer = *h; /* { dg-error "volatile structures and unions cannot be copied" } */
  struct holder several[1] = { *h }; /* { dg-error "volatile structures and unions cannot be copied" } */
  out[0] = sum ((volatile struct pair){ 2, 3 }); /* { dg-error "volatile structures and unions cannot be copied" } */
  out[1] = local.b + shared->a + h->p.b + outer.p.a + several[0].p.a;
}
