/* Names that C keeps apart and C++ does not, which the CUDA C must give
   other names or leave out; the test is that NVRTC compiles the CUDA C.
   Structures of the same tag in two kernels, a typedef named like another
   structure's tag or like its own pointer's, typedefs, tags and constants
   named like C++'s reserved words, CUDA's types or the C library's and
   namespace, and constants in lower case, which may be named like a
   function NVRTC declares.  */
/* { dg-do compile } */

#include <cudajit.h>

struct std { int value; };
struct list { int value; };
typedef struct list *list;
typedef struct pair triple;
struct triple { int a, b, c; };
struct pair { int a, b; };
typedef int new;
typedef float float4;
typedef unsigned long size_t;
enum { min, max, free, clock, Upper };
enum state { idle = 3, busy };

__attribute__ ((cuda_jit)) void
first (long *out, list l)
{
  struct local { int a; } x = { 1 };
  triple p = { 1, 2 };
  struct triple t = { 3, 4, 5 };
  new n = max;
  float4 f = free + clock;
  size_t s = Upper;
  enum state st = busy;
  struct std v = { 6 };
  out[0] = x.a + p.b + t.c + n + (long) f + s + st + l->value + min + v.value;
}

__attribute__ ((cuda_jit)) void
second (double *out)
{
  struct local { double d; } x = { 1.5 };
  out[0] = x.d;
}
