/* Parameters that take exactly the 32764 bytes that a GPU gives a kernel
   are accepted, and NVRTC compiles them: 8 + 1 + 32752 + 3 bytes, the
   padding before the structure not counted.  */
/* { dg-do compile } */

#include <cudajit.h>

struct aligned
{
  double d;
  char x[32737];
};

struct three
{
  char c[3];
};

__attribute__ ((cuda_jit)) void
full (int *out, char c, struct aligned a, struct three t)
{
  out[0] = c + a.x[0] + t.c[2];
}
