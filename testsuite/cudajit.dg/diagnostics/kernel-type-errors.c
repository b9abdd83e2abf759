/* Types outside the subset, at the declaration that uses them.  */
/* { dg-do compile } */

#include <cudajit.h>

struct point
{
  float x, y;
};

typedef double double4 __attribute__ ((vector_size (32)));

__attribute__ ((cuda_jit)) void
long_double_param (long double *a) /* { dg-error "parameter 'a' has type 'long double \\*', which is not supported in a kernel" } */
{
}

/* Structures that the GPU cannot lay out as the host does, with a note
   that says why.  */
struct empty /* { dg-message "'struct empty' has no fields: its size is 0 in GNU C but 1 on the GPU" } */
{
};

struct flexible
{
  int n;
  float data[]; /* { dg-message "field 'data' has type 'float\\\[\\\]'" } */
};

struct __attribute__ ((scalar_storage_order ("big-endian"))) big_endian /* { dg-message "'struct big_endian' has the reverse 'scalar_storage_order', which the GPU does not have" } */
{
  int x;
};

struct wide_bit_field
{
  unsigned __int128 w : 100; /* { dg-message "field 'w' has type '__int128 unsigned'" } */
};

struct holds_empty
{
  int n;
  struct empty e[2]; /* { dg-message "field 'e' has type 'struct empty\\\[2\\\]'" } */
};

__attribute__ ((cuda_jit)) void
empty_struct (struct empty *e) /* { dg-error "parameter 'e' has type 'struct empty \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
flexible_array_member (struct flexible *f) /* { dg-error "parameter 'f' has type 'struct flexible \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
storage_order (struct big_endian b) /* { dg-error "parameter 'b' has type 'struct big_endian'" } */
{
}

__attribute__ ((cuda_jit)) void
wide_bit_field (struct wide_bit_field *w) /* { dg-error "parameter 'w' has type 'struct wide_bit_field \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
nested_empty (struct holds_empty *h) /* { dg-error "parameter 'h' has type 'struct holds_empty \\*'" } */
{
}

/* Bit-fields that GCC does not place as the ABI says, where NVRTC
   would.  */
#pragma pack(push, 2)
struct packed_bits
{
  char c;
  unsigned int low : 4;
  unsigned int high : 30; /* { dg-message "the GPU would not place 'high' where GCC did" } */
};

struct packed_alignment /* { dg-message "the GPU would not align 'struct packed_alignment' as GCC did" } */
{
  unsigned int bits : 4;
};
#pragma pack(pop)

struct __attribute__ ((ms_struct)) ms_bits
{
  char c;
  int bits : 3; /* { dg-message "the GPU would not place 'bits' where GCC did" } */
};

__attribute__ ((cuda_jit)) void
pragma_pack (struct packed_bits *p) /* { dg-error "parameter 'p' has type 'struct packed_bits \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
pragma_pack_alignment (struct packed_alignment *a) /* { dg-error "parameter 'a' has type 'struct packed_alignment \\*'" } */
{
}

__attribute__ ((cuda_jit)) void
ms_struct (struct ms_bits b) /* { dg-error "parameter 'b' has type 'struct ms_bits'" } */
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
  _Complex int z = 1; /* { dg-error "local variable 'z' has type 'complex int'" } */
  __int128 wide = n; /* { dg-error "local variable 'wide' has type '__int128'" } */
  double4 v = { 1, 2, 3, 4 }; /* { dg-error "local variable 'v' has type 'double4'" } */
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

/* A volatile structure is copied byte by byte, but CUDA C++ cannot copy
   one that holds one; its fields are fine.  */
struct pair { int a, b; };
struct holder { volatile struct pair p; };

__attribute__ ((cuda_jit)) void
volatile_structures (int *out, volatile struct pair *shared, struct holder *h)
{
  volatile struct pair local = { 1 };
  struct pair copy = local;
  *shared = copy;
  struct holder outer = *h; /* { dg-error "structures and unions that hold volatile structures or unions cannot be copied as a whole in a kernel; copy their fields" } */
  struct holder several[1] = { *h }; /* { dg-error "hold volatile structures or unions cannot be copied" } */
  out[1] = local.b + shared->a + h->p.b + outer.p.a + several[0].p.a;
}
